import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { PreRegistration } from '@portal/identity/contracts';
import { queryClient } from '../../../shared/api/query-client';
import { forcedLocale, initI18n, loadNamespaces, readLocaleCookie, showLocale } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { redirectIfSignedIn } from '../../../shared/session/guards';
import { preRegistrationQueryOptions } from '../api/pre-registration';
import { localeForActionLink } from '../../../shared/i18n/locale-rules';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

type Invitation = { token: string; pre: PreRegistration; error: null } | { token: null; pre: null; error: unknown };

/**
 * /auth/register: signed-out only; ?ref= prefills the referral code. ?invitation= (a manager's
 * invitation mail, issue 14) fills in the pre-registered address and country, in the mail's
 * language (?lang=), and the token goes with the registration (it proves the mailbox).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Invitation> {
  const url = new URL(request.url);
  const token = url.searchParams.get('invitation');
  await initI18n();
  const lang = localeForActionLink(url.searchParams.get('lang'), readLocaleCookie(), forcedLocale());
  if (token && lang) await showLocale(lang);
  await Promise.all([redirectIfSignedIn(), loadNamespaces('auth')]);
  if (!token) return { token: null, pre: null, error: null };
  try {
    return { token, pre: await queryClient.ensureQueryData(preRegistrationQueryOptions(token)), error: null };
  } catch (error) {
    // an expired or used invitation: the plain form, and why
    return { token: null, pre: null, error };
  }
}

export function Component() {
  const { t } = useTranslation('auth');
  const toMessage = useErrorMessage();
  const [searchParams] = useSearchParams();
  const invitation = useLoaderData<Invitation>();
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      {invitation.pre && (
        <Alert color="teal" variant="light" mb="md" data-testid="register-invited">
          {invitation.pre.companyName ? t('register.invitedTo', { company: invitation.pre.companyName }) : t('register.invited')}
        </Alert>
      )}
      {invitation.error != null && (
        <Alert color="yellow" variant="light" mb="md" data-testid="register-invitation-error">
          {toMessage(invitation.error)}
        </Alert>
      )}
      <RegisterForm initialRef={searchParams.get('ref') ?? ''} invitation={invitation.token && invitation.pre ? { token: invitation.token, email: invitation.pre.email, country: invitation.pre.country } : null} />
    </AuthCard>
  );
}
