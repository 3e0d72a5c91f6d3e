import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { useUserData } from '../../../shared/api/user-data';
import { currentLocale, loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { canManageUsers, hasPermission } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { referenceOptionsQueryOptions } from '../api/lookups';
import { userPageQueryOptions, useUserPage } from '../api/users';
import { UserDrawer, type DrawerTarget } from '../components/user-drawer';
import { UserFiltersPanel } from '../components/user-filters-panel';
import { UsersTable } from '../components/users-table';
import { labelIn, useManagerLookups } from '../hooks/use-lookups';
import { MANAGER_USERS_IMPORT } from '../model/manager-paths';
import { managerTabs } from '../model/manager-tabs';
import { currentCursor, firstPage, nextPage, pageNumber, previousPage, type Pager } from '../model/pager';
import { filtersFrom, filtersToParams, nextSort, withFilters, type UserFilters } from '../model/user-filters';

/**
 * /manager/users (empty path): the user list of issue 14. Its own guard, as loaders run side
 * by side: manage_companies_users within the area, or manage_all_companies. Company staff
 * without it go to the area's view they may open (their company); others get the 403 page.
 * The first page and the reference options start loading with the route's code.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const user = await requireSession(url);
  if (!canManageUsers(user)) {
    const open = managerTabs(user)[0];
    if (open) throw redirect(open.to);
    throw data(null, { status: 403 });
  }
  void queryClient.prefetchQuery(userPageQueryOptions(filtersFrom(url.searchParams), null));
  void queryClient.prefetchQuery(referenceOptionsQueryOptions(currentLocale()));
  await loadNamespaces('manager');
  return null;
}

export function Component() {
  const { t } = useTranslation('manager');
  const toMessage = useErrorMessage();
  const { data: me } = useUserData();
  const allCompanies = hasPermission(me, 'manage_all_companies');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [pager, setPager] = useState<Pager>(firstPage);
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);
  const lookups = useManagerLookups();
  const page = useUserPage(filters, currentCursor(pager));

  const apply = (next: UserFilters) => {
    setParams(filtersToParams(next), { replace: true });
    setPager(firstPage());
  };
  const companyName = (companyId: string | null) => labelIn(lookups.companies, companyId);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {allCompanies ? t('list.introAll') : t('list.intro')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={MANAGER_USERS_IMPORT} variant="default" data-testid="users-import">
            {t('import.button')}
          </Button>
          <Button onClick={() => setDrawer({ mode: 'create', openedAt: Date.now() })} data-testid="users-create">
            {t('list.create')}
          </Button>
        </Group>
      </Group>
      <UserFiltersPanel filters={filters} lookups={lookups} allCompanies={allCompanies} onChange={(changes) => apply(withFilters(filters, changes))} onClear={() => apply({})} />
      {page.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="users-error">
          {toMessage(page.error)}
        </Alert>
      )}
      <UsersTable users={page.isError ? [] : page.data?.items} filters={filters} companyName={allCompanies ? companyName : null} busy={page.isFetching} onSort={(field) => apply(nextSort(filters, field))} onOpen={(user) => setDrawer({ mode: 'edit', userId: user.userId, openedAt: Date.now() })} />
      {page.data && page.data.items.length === 0 && (
        <Paper withBorder radius="md" p="lg" ta="center" data-testid="users-empty">
          <Text fw={600}>{pageNumber(pager) === 1 ? t('list.empty') : t('list.emptyPage')}</Text>
          <Text size="sm" c="dimmed">
            {t('list.emptyHint')}
          </Text>
        </Paper>
      )}
      {(pageNumber(pager) > 1 || page.data?.nextCursor) && (
        <Group justify="center" gap="md" data-testid="users-pager">
          <Button variant="default" disabled={pageNumber(pager) === 1 || page.isFetching} onClick={() => setPager(previousPage(pager))} data-testid="users-previous">
            {t('list.previous')}
          </Button>
          <Text size="sm" data-testid="users-page">
            {t('list.page', { page: pageNumber(pager) })}
          </Text>
          <Button variant="default" disabled={!page.data?.nextCursor || page.isFetching} onClick={() => setPager(nextPage(pager, page.data?.nextCursor ?? null))} data-testid="users-next">
            {t('list.next')}
          </Button>
        </Group>
      )}
      <UserDrawer
        target={drawer}
        onClose={() => setDrawer(null)}
        meId={me.uid}
        allCompanies={allCompanies}
        lookups={lookups}
        defaults={{ companyId: filters.companyId ?? me.companyId ?? null, country: me.country ?? null }}
      />
    </Stack>
  );
}
