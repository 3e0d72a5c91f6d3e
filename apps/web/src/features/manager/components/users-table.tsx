import { Badge, Group, ScrollArea, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@portal/identity/contracts/user-directory.http';
import type { SortField, UserFilters } from '../model/user-filters';
import { formatDay } from '../model/user-row';
import { personalText, useErasedWord } from '../../../shared/ui/erased';

interface Props {
  users: readonly ManagedUser[] | undefined;
  filters: UserFilters;
  /** manage_all_companies: the company column is shown */
  companyName: ((companyId: string | null) => string) | null;
  busy: boolean;
  onSort: (field: SortField) => void;
  onOpen: (user: ManagedUser) => void;
}

const SKELETON_ROWS = 8;

/** One page of the list; the sortable columns sort on the server (sort, order of /find). */
export function UsersTable({ users, filters, companyName, busy, onSort, onOpen }: Props) {
  const { t, i18n } = useTranslation('manager');
  const erased = useErasedWord();
  const sort = filters.sort ?? 'name';
  const order = filters.order ?? 'asc';
  const columns = companyName ? 7 : 6;

  const header = (field: SortField, label: string) => (
    <Table.Th aria-sort={sort === field ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm" data-testid={`users-sort-${field}`}>
        {label} {sort === field ? (order === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <ScrollArea>
      <Table striped highlightOnHover verticalSpacing="xs" miw={900} aria-busy={busy} data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            {header('name', t('list.name'))}
            {header('email', t('list.email'))}
            {companyName && <Table.Th>{t('list.company')}</Table.Th>}
            <Table.Th>{t('list.roles')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
            {header('createdAt', t('list.createdAt'))}
            {header('lastActiveAt', t('list.lastActiveAt'))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users === undefined &&
            Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Table.Tr key={row} data-testid="users-skeleton">
                {Array.from({ length: columns }, (_, cell) => (
                  <Table.Td key={cell}>
                    <Skeleton h={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {users?.map((user) => (
            <Table.Tr key={user.userId} data-testid="users-row" data-user-id={user.userId} data-email={user.email}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(user)} fw={600} fz="sm" data-testid="users-open">
                  {personalText(user.name, erased) ?? t('list.noName')}
                </UnstyledButton>
                {user.country && (
                  <Text size="xs" c="dimmed">
                    {[personalText(user.city, erased), personalText(user.state, erased), user.country].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{personalText(user.email, erased)}</Text>
              </Table.Td>
              {companyName && (
                <Table.Td>
                  <Text size="sm">{companyName(user.companyId)}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Group gap={4}>
                  {user.roles.map((role) => (
                    <Badge key={role} variant="light" color={role === 'learner' ? 'gray' : 'brand'} size="sm">
                      {t(`roles.${role}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {!user.active && (
                    <Badge color="red" variant="light" size="sm">
                      {t('status.inactive')}
                    </Badge>
                  )}
                  {!user.hasAccount && (
                    <Badge color="yellow" variant="light" size="sm">
                      {user.invitedAt ? t('status.invited') : t('status.preRegistered')}
                    </Badge>
                  )}
                  {user.active && user.hasAccount && (
                    <Badge color="teal" variant="light" size="sm">
                      {t('status.active')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDay(user.createdAt, i18n.language)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.lastActiveAt ? formatDay(user.lastActiveAt, i18n.language) : t('list.never')}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
