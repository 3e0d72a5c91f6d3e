import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { redirectIfSignedIn } from '../../../shared/session/guards';
import { preRegistrationQueryOptions, usePreRegistration } from '../api/pre-registration';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { usePageHead } from '../../../shared/ui/page-head';

/**
 * /auth/register: signed-out only; ?ref= prefills the referral code; ?invitation= (the link of a
 * manager's invitation mail, ADR 0050) fills in the pre-registered e-mail, name and country.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await Promise.all([redirectIfSignedIn(), loadNamespaces('auth')]);
  const invitation = new URL(request.url).searchParams.get('invitation');
  if (invitation) await queryClient.prefetchQuery(preRegistrationQueryOptions(invitation));
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const toMessage = useErrorMessage();
  const [searchParams] = useSearchParams();
  const invitation = searchParams.get('invitation');
  const pre = usePreRegistration(invitation);
  const initialRef = searchParams.get('ref') ?? '';
  usePageHead({ title: t('register.title'), description: t('register.subtitle') });
  if (invitation && pre.isPending) {
    return (
      <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
        <Loader aria-label={t('register.invitationLoading')} />
      </AuthCard>
    );
  }
  const invited = invitation && pre.data ? pre.data : null;
  return (
    <AuthCard title={invited ? t('register.invitedTitle', { name: invited.name ?? invited.email }) : t('register.title')} subtitle={t('register.subtitle')}>
      <Stack gap="md">
        {invited && (
          <Alert color="teal" variant="light" data-testid="register-invitation">
            {invited.companyName ? t('register.invitedBy', { company: invited.companyName }) : t('register.invited')}
          </Alert>
        )}
        {invitation && pre.isError && (
          <Alert color="orange" variant="light" role="alert" data-testid="register-invitation-error">
            {t('register.invitationUnusable', { reason: toMessage(pre.error, { fallbackKey: 'invalid-action-code' }) })}
          </Alert>
        )}
        <RegisterForm key={invited?.invitation ?? 'plain'} initialRef={initialRef} invitation={invited} />
      </Stack>
    </AuthCard>
  );
}
