import { Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { currentLocale, loadNamespaces } from '../../../shared/i18n/i18n';
import { hasRole } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { auditedRequestsQueryOptions } from '../api/privacy';
import { formatDate } from '../model/format';

/** /audit/privacy (ADR 0092): auditors only; per request who asked, when it was honoured and the proof, ids only. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!hasRole(user, 'auditor')) throw data(null, { status: 403 });
  await Promise.all([loadNamespaces('privacy'), queryClient.ensureQueryData(auditedRequestsQueryOptions())]);
  return null;
}

export function Component() {
  const { t } = useTranslation('privacy');
  const locale = currentLocale();
  const { data: page } = useSuspenseQuery(auditedRequestsQueryOptions());
  return (
    <PageShell size="xl">
      <Stack gap="md">
        <Title order={1} c="brand" data-testid="audit-privacy-title">
          {t('audit.title')}
        </Title>
        <Text>{t('audit.intro')}</Text>
        {page.items.length === 0 ? (
          <Text c="dimmed">{t('audit.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped data-testid="audit-privacy-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.request')}</Table.Th>
                  <Table.Th>{t('audit.subject')}</Table.Th>
                  <Table.Th>{t('audit.requestedBy')}</Table.Th>
                  <Table.Th>{t('audit.requested')}</Table.Th>
                  <Table.Th>{t('audit.honoured')}</Table.Th>
                  <Table.Th>{t('audit.status')}</Table.Th>
                  <Table.Th>{t('audit.proof')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.items.map((r) => (
                  <Table.Tr key={r.requestId} data-testid="audit-privacy-row">
                    <Table.Td>{t(`kinds.${r.kind}`)}</Table.Td>
                    <Table.Td>
                      <Code>{r.userId}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code>{r.requestedBy}</Code>
                    </Table.Td>
                    <Table.Td>{formatDate(r.requestedAt, locale)}</Table.Td>
                    <Table.Td>{formatDate(r.honouredAt, locale)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`status.${r.status}`)}</Badge> {r.erased && <Badge color="gray">{t('audit.erased')}</Badge>}
                    </Table.Td>
                    <Table.Td>{r.proof && <Code>{r.proof}</Code>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </PageShell>
  );
}
