import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useUserData } from '../../../shared/api/user-data';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { canEnterManagerArea, canReadReports } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { RouteTabs } from '../../../shared/ui/route-tabs';
import { currentTab, managerTabs } from '../model/manager-tabs';

/**
 * /manager/users (001 §2, §6; ADR 0054), in the default layout with the side menu: signed in
 * (sign-in with `next` otherwise), a verified and completed account, and company_manager or
 * company_admin with a company, or manage_all_companies (the error page's 403 otherwise). Each
 * child checks its own permission; the API checks the same on every call.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canEnterManagerArea(user) && !canReadReports(user)) throw data(null, { status: 403 });
  await loadNamespaces('manager');
  return null;
}

export function Component() {
  const { t } = useTranslation('manager');
  const { data: user } = useUserData();
  const { pathname } = useLocation();
  const tabs = managerTabs(user);
  const current = currentTab(pathname);

  return (
    <PageShell size="xl">
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="manager-users-title">
          {t('title')}
        </Title>
        {tabs.length > 1 && <RouteTabs tabs={tabs.map((tab) => ({ ...tab, label: t(`tabs.${tab.value}`) }))} current={current} testIdPrefix="manager-tab-" />}
        <Outlet />
      </Stack>
    </PageShell>
  );
}
