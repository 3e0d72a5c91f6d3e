import { Alert, Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ManagedPrivacyRequest } from '@portal/identity/contracts/privacy';
import { queryClient } from '../../../shared/api/query-client';
import { currentLocale, loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { canManagePrivacyRequests } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { holdsQueryOptions, managedRequestsQueryOptions, useCancelManagedDeletion, useLiftHold, usePlaceHold } from '../api/privacy';
import { formatDate } from '../model/format';

/**
 * /manager/users/privacy-requests (issue 31, ADR 0092): a company_admin's company's requests, every
 * company's with manage_all_companies (the error page's 403 otherwise; the API checks the same).
 * `?nearDeadline=true` (the dashboard's link) keeps the open ones close to their deadline.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const user = await requireSession(url);
  if (!canManagePrivacyRequests(user)) throw data(null, { status: 403 });
  await Promise.all([loadNamespaces('privacy'), queryClient.ensureQueryData(managedRequestsQueryOptions({ nearDeadline: url.searchParams.get('nearDeadline') === 'true' }))]);
  return null;
}

export function Component() {
  const { t } = useTranslation('privacy');
  const locale = currentLocale();
  const errorMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const nearDeadline = params.get('nearDeadline') === 'true';
  const list = useQuery(managedRequestsQueryOptions({ nearDeadline }));
  const cancel = useCancelManagedDeletion();
  const lift = useLiftHold();
  const [holding, setHolding] = useState<ManagedPrivacyRequest | null>(null);
  const liftAll = async (userId: string) => {
    const holds = await queryClient.fetchQuery(holdsQueryOptions(userId));
    for (const h of holds.items) await lift.mutateAsync({ userId, holdId: h.holdId });
  };
  const failure = cancel.error ?? lift.error ?? list.error;

  return (
    <Stack gap="md">
      <Text>{t('manager.intro')}</Text>
      <Group justify="space-between">
        <SegmentedControl
          value={nearDeadline ? 'near' : 'all'}
          onChange={(value) => setParams(value === 'near' ? { nearDeadline: 'true' } : {})}
          data={[
            { value: 'all', label: t('manager.all') },
            { value: 'near', label: t('manager.nearOnly') },
          ]}
          data-testid="privacy-requests-filter"
        />
        {list.data && list.data.nearDeadline > 0 && (
          <Badge color="orange" data-testid="privacy-requests-near-count">
            {t('manager.nearCount', { count: list.data.nearDeadline })}
          </Badge>
        )}
      </Group>
      {failure && <Alert color="red">{errorMessage(failure)}</Alert>}
      {list.data && list.data.items.length === 0 && <Text c="dimmed">{t('manager.empty')}</Text>}
      {list.data && list.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped data-testid="privacy-requests-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manager.subject')}</Table.Th>
                <Table.Th>{t('manager.kind')}</Table.Th>
                <Table.Th>{t('manager.status')}</Table.Th>
                <Table.Th>{t('manager.requested')}</Table.Th>
                <Table.Th>{t('manager.due')}</Table.Th>
                <Table.Th>{t('manager.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((r) => (
                <Table.Tr key={r.requestId} data-testid="privacy-requests-row" data-user={r.email ?? r.userId} data-kind={r.kind} data-status={r.status}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.name ?? r.email ?? r.userId}
                    </Text>
                    {r.name && r.email && <Text size="xs">{r.email}</Text>}
                  </Table.Td>
                  <Table.Td>{t(`kinds.${r.kind}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light">{t(`status.${r.status}`)}</Badge>
                      {r.held && <Badge color="grape">{t('manager.held')}</Badge>}
                      {r.canceledReason && <Text size="xs">{t(`manager.canceledReason.${r.canceledReason}`)}</Text>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(r.requestedAt, locale)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Text size="sm">{formatDate(r.dueAt, locale)}</Text>
                      {r.nearDeadline && <Badge color="orange">{t('manager.near')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {r.kind === 'deletion' && r.status === 'pending' && (
                        <Button size="compact-sm" variant="default" loading={cancel.isPending} onClick={() => cancel.mutate(r.requestId)}>
                          {t('manager.cancel')}
                        </Button>
                      )}
                      {r.held ? (
                        <Button size="compact-sm" variant="default" loading={lift.isPending} onClick={() => void liftAll(r.userId)}>
                          {t('manager.liftHold')}
                        </Button>
                      ) : (
                        r.status !== 'honoured' && (
                          <Button size="compact-sm" variant="default" onClick={() => setHolding(r)}>
                            {t('manager.hold')}
                          </Button>
                        )
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <HoldModal request={holding} onClose={() => setHolding(null)} />
    </Stack>
  );
}

function HoldModal({ request, onClose }: { request: ManagedPrivacyRequest | null; onClose: () => void }) {
  const { t } = useTranslation('privacy');
  const errorMessage = useErrorMessage();
  const place = usePlaceHold();
  const [reason, setReason] = useState('');
  return (
    <Modal opened={request !== null} onClose={onClose} title={t('manager.hold')}>
      <Stack>
        <TextInput label={t('manager.holdReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        {place.error && <Alert color="red">{errorMessage(place.error)}</Alert>}
        <Group justify="flex-end">
          <Button
            loading={place.isPending}
            onClick={() =>
              request &&
              place.mutate(
                { userId: request.userId, reason },
                {
                  onSuccess: () => {
                    setReason('');
                    onClose();
                  },
                },
              )
            }
          >
            {t('manager.holdPlace')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
