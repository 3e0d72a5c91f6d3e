import { Badge, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegisterStatus } from '@portal/kernel';
import { registerProgress, type CompletionField } from './profile-rules';

/** Where the registration stands (None -> UserProfile -> Completed) and what is still missing. */
export function RegisterProgress({ status, missing }: { status: RegisterStatus; missing: readonly CompletionField[] }) {
  const { t } = useTranslation('account');
  const value = registerProgress(status);
  return (
    <Paper withBorder radius="md" p="md" data-testid="profile-status" data-status={status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('profile.progressTitle')}</Text>
          <Badge color={status === 'Completed' ? 'teal' : 'yellow'} variant="light">
            {t(`profile.status.${status}`)}
          </Badge>
        </Group>
        <Progress value={value} color={status === 'Completed' ? 'teal' : 'brand'} aria-label={t('profile.progressLabel', { value })} />
        {missing.length > 0 ? (
          <div data-testid="profile-missing">
            <Text size="sm">{t('profile.missingIntro')}</Text>
            <List size="sm" withPadding>
              {missing.map((field) => (
                <List.Item key={field} data-field={field}>
                  {t(`profile.fields.${field}`)}
                </List.Item>
              ))}
            </List>
          </div>
        ) : (
          status !== 'Completed' && (
            <Text size="sm" c="dimmed">
              {t('profile.readyToComplete')}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
