import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Company } from '@portal/identity/contracts/companies.http';

/** A company read-only (a company manager's own, 001 §3 fields). */
export function CompanyDetails({ company }: { company: Company }) {
  const { t } = useTranslation('manager-companies');
  const field = (label: string, value: string | null) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value || t('list.none')}</Text>
    </div>
  );
  return (
    <Paper withBorder radius="md" p="lg" data-testid="company-details">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {company.name}
          </Title>
          {company.invitationOnly && (
            <Badge color="orange" variant="light">
              {t('list.invitationOnly')}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field(t('fields.businessCode'), company.businessCode)}
          {field(t('fields.phone'), company.phone)}
          {field(t('fields.contactName'), company.contactName)}
          {field(t('fields.contactEmail'), company.contactEmail)}
          {field(t('fields.contactPhone'), company.contactPhone)}
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed">
            {t('fields.domains')}
          </Text>
          <Group gap={6} mt={4}>
            {company.domains.length === 0 ? <Text>{t('list.none')}</Text> : company.domains.map((d) => <Badge key={d} variant="outline">{d}</Badge>)}
          </Group>
        </div>
        <Text size="sm" c="dimmed">
          {t('details.readOnly')}
        </Text>
      </Stack>
    </Paper>
  );
}
