import { Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { hasAnyRole } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { RouteTabs } from '../../../shared/ui/route-tabs';
import { staffLocationsQueryOptions } from '../api/staff-locations';
import { MANAGER_TC, TC_ROLES } from '../model/manager-paths';

/**
 * /manager/tc (001 §2, §6): signed in (sign-in with `next` otherwise, 000 §2.2) and tc_manager
 * or tc_admin (the error page's 403 otherwise). The API checks the same on every call.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!hasAnyRole(user, TC_ROLES)) throw data(null, { status: 403 });
  await Promise.all([loadNamespaces('manager-tc'), queryClient.ensureQueryData(staffLocationsQueryOptions())]);
  return null;
}

const TABS = [
  { value: 'calendar', to: MANAGER_TC },
  { value: 'bookings', to: `${MANAGER_TC}/bookings` },
  { value: 'locations', to: `${MANAGER_TC}/locations` },
] as const;

export function Component() {
  const { t } = useTranslation('manager-tc');
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.to !== MANAGER_TC && pathname.startsWith(tab.to))?.value ?? 'calendar';

  return (
    <PageShell
      size="xl"
      headerActions={
        <Button component={Link} to={paths.logoff} variant="default" size="compact-md" data-testid="manager-signout">
          {t('signOut')}
        </Button>
      }
    >
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="manager-tc-title">
          {t('title')}
        </Title>
        <RouteTabs tabs={TABS.map((tab) => ({ ...tab, label: t(`tabs.${tab.value}`) }))} current={current} testIdPrefix="manager-tab-" />
        <Outlet />
      </Stack>
    </PageShell>
  );
}
