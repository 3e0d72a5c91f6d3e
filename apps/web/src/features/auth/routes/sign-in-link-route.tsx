import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { oobCodeSchema } from '@portal/identity/contracts/http';
import { ApiError } from '../../../shared/api/api-error';
import { forcedLocale, initI18n, loadNamespaces, readLocaleCookie, showLocale } from '../../../shared/i18n/i18n';
import { localeForActionLink } from '../../../shared/i18n/locale-rules';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { afterSignInPath, paths } from '../../../shared/routing/paths';
import { useSignInWithLink } from '../api/sign-in-link';
import { AuthCard } from '../components/auth-card';

/**
 * /auth/link?code=...&lang=...: the mailed sign-in link (ADR 0032). The code is used when the
 * person presses "Sign in", not when the page opens: mail scanners that open links must not
 * spend a single-use link.
 */
export async function loader({ url }: LoaderFunctionArgs): Promise<{ code: string | null }> {
  await initI18n();
  const lang = localeForActionLink(url.searchParams.get('lang'), readLocaleCookie(), forcedLocale());
  if (lang) await showLocale(lang);
  await loadNamespaces('auth');
  const code = url.searchParams.get('code')?.trim() ?? '';
  return { code: oobCodeSchema.safeParse(code).success ? code : null };
}

export function Component() {
  const { t } = useTranslation('auth');
  const toMessage = useErrorMessage();
  const navigate = useNavigate();
  const { code } = useLoaderData<typeof loader>();
  const signIn = useSignInWithLink();
  const error = code === null ? new ApiError({ statusCode: 400, code: 'invalid-action-code' }) : signIn.error;

  const submit = () => {
    if (code) signIn.mutate(code, { onSuccess: () => void navigate(afterSignInPath(null), { replace: true }) });
  };

  return (
    <AuthCard title={t('link.title')} subtitle={t('link.subtitle')}>
      <Stack gap="md" data-testid="signin-link-screen">
        {error ? (
          <>
            <Alert color="red" variant="light" role="alert" data-testid="signin-link-error">
              {toMessage(error)}
            </Alert>
            <Button component={Link} to={paths.signIn} variant="default" data-testid="signin-link-new">
              {t('link.newLink')}
            </Button>
          </>
        ) : (
          <>
            <Text>{t('link.intro')}</Text>
            <Button onClick={submit} loading={signIn.isPending || signIn.isSuccess} fullWidth data-testid="signin-link-submit">
              {t('link.submit')}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
