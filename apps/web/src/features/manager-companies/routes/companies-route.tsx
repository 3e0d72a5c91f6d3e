import { useState } from 'react';
import { Anchor, Badge, Button, Drawer, Group, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, type LoaderFunctionArgs } from 'react-router';
import type { Company } from '@portal/identity/contracts/companies.http';
import { queryClient } from '../../../shared/api/query-client';
import { useUserData } from '../../../shared/api/user-data';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { requireSession } from '../../../shared/session/guards';
import { companiesQueryOptions, managerCompanyQueryOptions, useCompanies, useManagerCompany } from '../api/companies';
import { CompanyDetails } from '../components/company-details';
import { CompanyForm } from '../components/company-form';
import { canAdministerCompanies, canSeeCompanies } from '../model/access';
import { filterCompanies } from '../model/company-form';
import { REFERENCE_DATA_PATH } from '../model/paths';

/**
 * /manager/users/companies (001 §2): holders of manage_all_companies list, search, create and
 * edit every company; company staff with a company see their own read-only; others get the
 * error page's 403. The API checks the same on every call. A child of the /manager/users layout
 * (ADR 0054), which draws the page frame, the heading and the tabs: this view draws only its content.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canSeeCompanies(user)) throw data(null, { status: 403 });
  await Promise.all([
    loadNamespaces('manager-companies'),
    canAdministerCompanies(user) ? queryClient.ensureQueryData(companiesQueryOptions()) : queryClient.ensureQueryData(managerCompanyQueryOptions()),
  ]);
  return null;
}

export function Component() {
  const { data: user } = useUserData();
  return canAdministerCompanies(user) ? <CompaniesAdmin /> : <OwnCompany />;
}

function OwnCompany() {
  const { data: company } = useManagerCompany();
  return <CompanyDetails company={company} />;
}

function CompaniesAdmin() {
  const { t } = useTranslation('manager-companies');
  const { data: companies } = useCompanies();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const shown = filterCompanies(companies, search);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
          data-testid="companies-search"
        />
        <Group gap="sm">
          <Anchor component={Link} to={REFERENCE_DATA_PATH} data-testid="companies-reference-data-link">
            {t('list.referenceData')}
          </Anchor>
          <Button onClick={() => setEditing('new')} data-testid="company-add">
            {t('list.add')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('list.count', { count: shown.length })}
      </Text>
      <Paper withBorder radius="md">
        <ScrollArea>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="companies-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.name')}</Table.Th>
                <Table.Th>{t('fields.businessCode')}</Table.Th>
                <Table.Th>{t('fields.domains')}</Table.Th>
                <Table.Th>{t('fields.contactName')}</Table.Th>
                <Table.Th aria-label={t('list.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((c) => (
                <Table.Tr key={c.companyId} data-testid={`company-row-${c.companyId}`}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fw={600}>{c.name}</Text>
                      {c.invitationOnly && (
                        <Badge size="sm" color="orange" variant="light">
                          {t('list.invitationOnly')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{c.businessCode}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {c.domains.map((d) => (
                        <Badge key={d} size="sm" variant="outline">
                          {d}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{c.contactName ?? ''}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="default" onClick={() => setEditing(c)} data-testid={`company-edit-${c.companyId}`}>
                      {t('list.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {shown.length === 0 && (
          <Text c="dimmed" p="md">
            {t('list.empty')}
          </Text>
        )}
      </Paper>
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="lg"
        title={editing === 'new' ? t('form.titleNew') : t('form.titleEdit')}
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        {editing !== null && <CompanyForm key={editing === 'new' ? 'new' : editing.companyId} company={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} />}
      </Drawer>
    </Stack>
  );
}
