import { Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { managerDashboardQuerySchema } from '@portal/reporting/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { canManagePrivacyRequests, managerDashboardScope } from '../../../shared/session/access';
import { useUserData } from '../../../shared/api/user-data';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { dashboardCompaniesQueryOptions, useDashboardCompanies } from '../api/companies';
import { dashboardQueryOptions, useDashboard } from '../api/dashboard';
import { ActivityChart } from '../components/activity-chart';
import { CropsTable } from '../components/crops-table';
import { FigureCard } from '../components/figure-card';
import { StationList } from '../components/station-list';
import { PrivacyDeadlinesCard } from '../components/privacy-deadlines-card';

const FIGURES = ['total', 'active7Days', 'active30Days', 'neverStarted'] as const;

/**
 * /manager/dashboard (001 §2, §6): signed in (sign-in with `next` otherwise), and company_manager or
 * company_admin with a company and view_manager_dashboard, or manage_all_companies (the error
 * page's 403 otherwise). The company is the URL's ?companyId= (manage_all_companies), else the
 * caller's own, else the first company. The API checks the same on every call.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ canPick: boolean; companyId: string | null }> {
  const url = new URL(request.url);
  const user = await requireSession(url);
  const scope = managerDashboardScope(user);
  if (scope.kind === 'none') throw data(null, { status: 403 });
  const canPick = scope.kind === 'all';
  const [, companies] = await Promise.all([loadNamespaces('managerDashboard'), canPick ? queryClient.ensureQueryData(dashboardCompaniesQueryOptions()) : null]);
  // a hand-edited or stale ?companyId= the API would refuse is dropped, as the user list does with its filters (ADR 0054)
  const asked = managerDashboardQuerySchema.safeParse({ companyId: url.searchParams.get('companyId') ?? undefined });
  const companyId = canPick ? ((asked.success ? asked.data.companyId : undefined) ?? user.companyId ?? companies?.companies[0]?.companyId ?? null) : scope.companyId;
  if (companyId) await queryClient.ensureQueryData(dashboardQueryOptions(companyId));
  return { canPick, companyId };
}

export function Component() {
  const { t, i18n } = useTranslation('managerDashboard');
  const { canPick, companyId } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const companies = useDashboardCompanies(canPick);
  const dashboard = useDashboard(companyId ?? undefined);
  const d = companyId ? dashboard.data : undefined;
  const { data: user } = useUserData();

  return (
    <PageShell size="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={0}>
            <Title order={1} c="brand" data-testid="dashboard-title">
              {t('title')}
            </Title>
            {d && (
              <Text size="lg" fw={600} data-testid="dashboard-company">
                {d.company.name}
              </Text>
            )}
          </Stack>
          {canPick && (
            <Select
              label={t('company')}
              placeholder={t('companyPlaceholder')}
              searchable
              miw={280}
              value={companyId}
              data={(companies.data?.companies ?? []).map((c) => ({ value: c.companyId, label: c.name }))}
              onChange={(value) => value && setParams({ companyId: value })}
              rightSection={dashboard.isFetching ? <Loader size="xs" /> : undefined}
              data-testid="dashboard-company-picker"
            />
          )}
        </Group>
        <PrivacyDeadlinesCard enabled={canManagePrivacyRequests(user)} />
        {!d ? (
          <Text c="dimmed">{t('noCompany')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="dashboard-as-of">
              {t('asOf', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d.asOf}T00:00:00Z`)) })}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {FIGURES.map((name) => (
                <FigureCard key={name} label={t(`learners.${name}`)} figure={d.learners[name]} testId={`dashboard-${name}`} />
              ))}
            </SimpleGrid>
            <ActivityChart activity={d.activity} />
            <CropsTable crops={d.crops} />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <StationList kind="mostCompleted" stations={d.stations.mostCompleted} />
              <StationList kind="leastStarted" stations={d.stations.leastStarted} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </PageShell>
  );
}
