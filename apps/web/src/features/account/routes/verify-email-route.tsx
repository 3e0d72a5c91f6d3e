import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useUserData } from '../../../shared/api/user-data';
import { loadAppConfig } from '../../../shared/config/app-config';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { nextAccountStep } from '../../../shared/session/guard-rules';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { VerifyEmailPanel } from '../components/verify-email-panel';

/**
 * /account/verify-email: any signed-in user; one whose address is verified already moves on
 * to the next step of the account (profile, or `next`, or home).
 */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  const [user] = await Promise.all([requireSession(url, 'session'), loadNamespaces('account'), loadAppConfig()]);
  if (user.emailVerified) throw redirect(nextAccountStep(user, url.searchParams.get('next')));
  return null;
}

export function Component() {
  const { t } = useTranslation(['account', 'common']);
  const { data: user } = useUserData();
  const [searchParams] = useSearchParams();

  return (
    <PageShell
      size={560}
      headerActions={
        <Button component={Link} to={paths.logoff} variant="default" size="compact-md" data-testid="verify-email-signout">
          {t('nav.signOut', { ns: 'common' })}
        </Button>
      }
    >
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="verify-email-screen">
        <Stack gap="md">
          <Title order={1} size="h2" c="brand" data-testid="verify-email-title">
            {t('verifyEmail.title')}
          </Title>
          <VerifyEmailPanel user={user} next={searchParams.get('next')} />
          <Text size="xs" c="dimmed">
            {t('verifyEmail.wrongAddress')}
          </Text>
        </Stack>
      </Paper>
    </PageShell>
  );
}
