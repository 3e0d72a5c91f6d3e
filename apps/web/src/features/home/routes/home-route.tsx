import { Button, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, type LoaderFunctionArgs } from 'react-router';
import { useUserData } from '../../../shared/api/user-data';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { HomeModals } from '../components/home-modals';
import { UserSummary } from '../components/user-summary';
import { usePageHead } from '../../../shared/ui/page-head';

/** /home ("My content"): needs a signed-in user; prefetches the profile with the same query options. */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  await Promise.all([requireSession(url), loadNamespaces('home')]);
  return null;
}

export function Component() {
  const { t } = useTranslation('home');
  const { data: user } = useUserData();
  usePageHead({ title: t('title') });

  return (
    <PageShell
      size="md"
      headerActions={
        <>
          <Button component={Link} to={paths.profile} variant="subtle" size="compact-md" data-testid="home-profile">
            {t('profile')}
          </Button>
          <Button component={Link} to={paths.logoff} variant="default" size="compact-md" data-testid="home-signout">
            {t('signOut')}
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="home-title">
          {t('title')}
        </Title>
        <Paper withBorder radius="md" p="lg">
          <UserSummary user={user} />
        </Paper>
        {/* the learning playlists (a child route, so features stay apart); they do not hold the
            profile part and its modals: those show first, the playlists when GET /home answers */}
        <Outlet />
      </Stack>
      <HomeModals user={user} />
    </PageShell>
  );
}
