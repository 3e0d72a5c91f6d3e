import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { redirectIfSignedIn } from '../../../shared/session/guards';
import { AuthCard } from '../components/auth-card';
import { ResetRequestForm } from '../components/reset-request-form';
import { usePageHead } from '../../../shared/ui/page-head';

/** /auth/reset-password: signed-out only (000 §2.2); asks for a reset link by e-mail. */
export async function loader(): Promise<null> {
  await Promise.all([redirectIfSignedIn(), loadNamespaces('auth')]);
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  usePageHead({ title: t('resetRequest.title'), description: t('resetRequest.subtitle') });
  return (
    <AuthCard title={t('resetRequest.title')} subtitle={t('resetRequest.subtitle')}>
      <ResetRequestForm initialEmail={searchParams.get('email') ?? ''} />
    </AuthCard>
  );
}
