import { useState } from 'react';
import { Alert, Anchor, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { canReadSupportInbox } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { SUPPORT_PAGE_SIZE, supportMessagesQueryOptions } from '../api/support-messages';

/** /manager/support: the support messages received (000 §4.7 "admins can list"), newest first. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canReadSupportInbox(user)) throw data(null, { status: 403 });
  await Promise.all([loadNamespaces('support'), queryClient.prefetchQuery(supportMessagesQueryOptions(0))]);
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('support');
  const toMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const messages = useQuery(supportMessagesQueryOptions((page - 1) * SUPPORT_PAGE_SIZE));
  const total = messages.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SUPPORT_PAGE_SIZE));

  return (
    <PageShell size="xl">
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="support-messages-title">
          {t('admin.title')}
        </Title>
        <Text c="dimmed">{t('admin.total', { count: total })}</Text>
        {messages.isError && (
          <Alert color="red" role="alert">
            {toMessage(messages.error)}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder verticalSpacing="sm" data-testid="support-messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.sentAt')}</Table.Th>
                <Table.Th>{t('admin.sender')}</Table.Th>
                <Table.Th>{t('fields.subject')}</Table.Th>
                <Table.Th>{t('fields.title')}</Table.Th>
                <Table.Th>{t('fields.message')}</Table.Th>
                <Table.Th>{t('admin.origin')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(messages.data?.items ?? []).map((m) => (
                <Table.Tr key={m.messageId}>
                  <Table.Td>{new Date(m.sentAt).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{m.email}</Text>
                    <Text size="xs" c="dimmed">
                      {[m.country, m.lang].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{m.subject}</Table.Td>
                  <Table.Td>{m.title}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{m.message}</Table.Td>
                  <Table.Td>
                    <Anchor href={m.origin} size="sm" style={{ wordBreak: 'break-all' }}>
                      {m.origin}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 && (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={pages} getControlProps={(control) => ({ 'aria-label': t(`admin.page.${control}`) })} />
          </Group>
        )}
      </Stack>
    </PageShell>
  );
}
