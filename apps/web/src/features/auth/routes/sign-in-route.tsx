import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { redirectIfSignedIn } from '../../../shared/session/guards';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { usePageHead } from '../../../shared/ui/page-head';

/** /auth and /auth2: signed-out only (000 §2.2). */
export async function loader(): Promise<null> {
  await Promise.all([redirectIfSignedIn(), loadNamespaces('auth')]);
  return null;
}

/**
 * The screen to return to. A deep link's fragment never reaches the server, so the server's guard
 * (ADR 0090) redirects `/home?tab=x#y` to `/auth?next=%2Fhome%3Ftab%3Dx`, and the browser keeps
 * `#y` on the sign-in address: it belongs to `next`, the sign-in screen has no fragment of its own.
 */
export const nextWithFragment = (next: string | null, hash: string): string | null => (next !== null && !next.includes('#') && hash.length > 1 ? `${next}${hash}` : next);

export function Component() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  usePageHead({ title: t('signIn.title'), description: t('signIn.subtitle') });
  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SignInForm next={nextWithFragment(searchParams.get('next'), hash)} />
    </AuthCard>
  );
}
