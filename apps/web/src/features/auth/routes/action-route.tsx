import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { queryClient } from '../../../shared/api/query-client';
import { reloadUserData } from '../../../shared/api/user-data';
import { forcedLocale, initI18n, loadNamespaces, readLocaleCookie, showLocale } from '../../../shared/i18n/i18n';
import { localeForActionLink } from '../../../shared/i18n/locale-rules';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { paths } from '../../../shared/routing/paths';
import { nextAccountStep } from '../../../shared/session/guard-rules';
import { bootstrapSession, refreshAccessToken } from '../../../shared/session/refresh';
import { getAccessToken, getAuthClaims } from '../../../shared/session/token-store';
import { useSignedIn } from '../../../shared/session/use-session';
import { applyActionCodeOnce, checkActionCode, type ActionOutcome } from '../api/email-links';
import { newLinkPathFor, parseActionLink, type ActionMode } from '../components/action-link';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';

type ActionData =
  | { mode: null; outcome: Extract<ActionOutcome, { ok: false }> }
  | { mode: 'verifyEmail' | 'recoverEmail'; outcome: ActionOutcome }
  | { mode: 'resetPassword'; oobCode: string; outcome: ActionOutcome };

const settle = <T extends { email: string }>(promise: Promise<T>): Promise<ActionOutcome> =>
  promise.then(
    (answer): ActionOutcome => ({ ok: true, email: answer.email }),
    (error: unknown): ActionOutcome => ({ ok: false, error }),
  );

/**
 * /auth/action?mode=...&oobCode=...&lang=...: the links of the e-mails (issue 3). Public: it
 * works signed in or out. verifyEmail and recoverEmail are used as the screen opens (once); a
 * verifyEmail link opened signed in with a verified address is not used again: the screen says
 * the address is verified. resetPassword is checked first, then used with the new password.
 */
export async function loader({ url }: LoaderFunctionArgs): Promise<ActionData> {
  const link = parseActionLink(url.searchParams);
  await initI18n();
  if (link.ok) {
    const lang = localeForActionLink(link.lang, readLocaleCookie(), forcedLocale());
    if (lang) await showLocale(lang);
  }
  await loadNamespaces('auth');
  if (!link.ok) return { mode: null, outcome: { ok: false, error: new ApiError({ statusCode: 400, code: link.code }) } };

  if (link.mode === 'resetPassword') {
    return { mode: link.mode, oobCode: link.oobCode, outcome: await settle(checkActionCode(link.mode, link.oobCode)) };
  }
  if (link.mode === 'verifyEmail') {
    // signed in with a verified address: the link was used already (or another one was); the
    // address is verified, which is what the link is for, so say so and go on (issue 26)
    await bootstrapSession();
    const claims = getAuthClaims();
    if (claims?.emailVerified) return { mode: link.mode, outcome: { ok: true, email: claims.email } };
  }
  const outcome = await applyActionCodeOnce(link.mode, link.oobCode);
  if (outcome.ok && link.mode === 'verifyEmail') {
    // A signed-in user's token says emailVerified: false until it is renewed.
    await bootstrapSession();
    if (getAccessToken() !== null && (await refreshAccessToken())) {
      await reloadUserData(queryClient).catch(() => undefined);
    }
  }
  return { mode: link.mode, outcome };
}

const TITLE_KEYS = {
  verifyEmail: 'action.verifyEmailTitle',
  resetPassword: 'action.resetPasswordTitle',
  recoverEmail: 'action.recoverEmailTitle',
} as const;

function FailedLink({ mode, error }: { mode: ActionMode | null; error: unknown }) {
  const { t } = useTranslation('auth');
  const toMessage = useErrorMessage();
  const newLink = newLinkPathFor(mode);
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" data-testid="action-error">
        {toMessage(error)}
      </Alert>
      {newLink && (
        <Button component={Link} to={newLink} variant="default" data-testid="action-new-link">
          {mode === 'resetPassword' ? t('action.newResetLink') : t('action.newVerificationLink')}
        </Button>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.signIn}>
          {t('action.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function EmailVerified({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedIn = useSignedIn();
  const [busy, setBusy] = useState(false);

  const proceed = async () => {
    if (!signedIn) {
      void navigate(paths.signIn, { replace: true });
      return;
    }
    setBusy(true);
    try {
      const user = await reloadUserData(client);
      void navigate(nextAccountStep(user), { replace: true });
    } catch {
      void navigate(paths.home, { replace: true });
    }
  };

  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status" data-testid="action-success">
        {t('action.emailVerified', { email })}
      </Alert>
      <Button onClick={() => void proceed()} loading={busy} data-testid="action-continue">
        {signedIn ? t('action.continue') : t('action.signIn')}
      </Button>
    </Stack>
  );
}

function EmailRecovered({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status" data-testid="action-success">
        {t('action.emailRecovered', { email })}
      </Alert>
      <Text size="sm">{t('action.recoverHint')}</Text>
      <Button component={Link} to={`${paths.resetPassword}?${new URLSearchParams({ email }).toString()}`} variant="default" data-testid="action-reset-link">
        {t('action.resetNow')}
      </Button>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.signIn}>
          {t('action.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('auth');
  const data = useLoaderData<typeof loader>();
  const title = data.mode ? t(TITLE_KEYS[data.mode]) : t('action.invalidTitle');

  let body;
  if (!data.outcome.ok) body = <FailedLink mode={data.mode} error={data.outcome.error} />;
  else if (data.mode === 'resetPassword') body = <NewPasswordForm oobCode={data.oobCode} email={data.outcome.email} />;
  else if (data.mode === 'verifyEmail') body = <EmailVerified email={data.outcome.email} />;
  else body = <EmailRecovered email={data.outcome.email} />;

  return (
    <AuthCard title={title} subtitle={t('action.subtitle')}>
      <div data-testid="action-screen" data-mode={data.mode ?? 'invalid'}>
        {body}
      </div>
    </AuthCard>
  );
}
