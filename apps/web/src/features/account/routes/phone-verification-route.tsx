import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useUserData } from '../../../shared/api/user-data';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { PhoneVerificationForm } from '../components/phone-verification-form';

/** /auth2/verification: links a phone number to the signed-in account (issue 3). */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  await Promise.all([requireSession(url, 'session'), loadNamespaces('account')]);
  return null;
}

export function Component() {
  const { t } = useTranslation(['account', 'common']);
  const { data: user } = useUserData();
  const [searchParams] = useSearchParams();
  const initialPhone = searchParams.get('phone') ?? user.phone ?? '';

  return (
    <PageShell
      size={520}
      headerActions={
        <Button component={Link} to={paths.profile} variant="subtle" size="compact-md">
          {t('nav.profile', { ns: 'common' })}
        </Button>
      }
    >
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="phone-screen">
        <Stack gap="md">
          <Title order={1} size="h2" c="brand">
            {t('phone.title')}
          </Title>
          <Text c="dimmed">{user.phoneVerified && user.phone ? t('phone.alreadyLinked', { phone: user.phone }) : t('phone.subtitle')}</Text>
          <PhoneVerificationForm initialPhone={initialPhone} />
        </Stack>
      </Paper>
    </PageShell>
  );
}
