import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { redirectIfSignedIn } from '../../../shared/session/guards';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

/** /auth/register: signed-out only; ?ref= prefills the referral code. */
export async function loader(): Promise<null> {
  await Promise.all([redirectIfSignedIn(), loadNamespaces('auth')]);
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm initialRef={searchParams.get('ref') ?? ''} />
    </AuthCard>
  );
}
