import { Button, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { useUserData } from '../../../shared/api/user-data';
import { currentLocale, loadNamespaces } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { editOptionsQueryOptions } from '../api/account';
import { LanguageField } from '../components/language-field';
import { PictureField } from '../components/picture-field';
import { ProfileForm } from '../components/profile-form';

/**
 * /account/profile: needs a signed-in user with a verified e-mail; a user whose registration
 * is not Completed is kept here (000 §2.2). The form's choices load with the screen.
 */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  await Promise.all([requireSession(url, 'verified'), loadNamespaces('account')]);
  await queryClient.ensureQueryData(editOptionsQueryOptions(currentLocale())).catch(() => undefined);
  return null;
}

export function Component() {
  const { t } = useTranslation(['account', 'common']);
  const { data: user } = useUserData();
  const [searchParams] = useSearchParams();
  const completed = user.registerStatus === 'Completed';

  return (
    <PageShell
      size="md"
      headerActions={
        <>
          {completed && (
            <Button component={Link} to={paths.home} variant="subtle" size="compact-md" data-testid="profile-home">
              {t('nav.myContent', { ns: 'common' })}
            </Button>
          )}
          <Button component={Link} to={paths.privacy} variant="subtle" size="compact-md" data-testid="profile-privacy">
            {t('profile.privacyLink')}
          </Button>
          <Button component={Link} to={paths.logoff} variant="default" size="compact-md" data-testid="profile-signout">
            {t('nav.signOut', { ns: 'common' })}
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="profile-title">
          {completed ? t('profile.title') : t('profile.completeTitle')}
        </Title>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="lg">
            <PictureField user={user} />
            <LanguageField />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <ProfileForm key={user.uid} user={user} locale={currentLocale()} next={searchParams.get('next')} />
        </Paper>
      </Stack>
    </PageShell>
  );
}
