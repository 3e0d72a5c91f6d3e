import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { redirectIfSignedIn } from '../../../shared/session/guards';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';

/** /auth and /auth2: signed-out only (000 §2.2). */
export async function loader(): Promise<null> {
  await Promise.all([redirectIfSignedIn(), loadNamespaces('auth')]);
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SignInForm next={searchParams.get('next')} />
    </AuthCard>
  );
}
