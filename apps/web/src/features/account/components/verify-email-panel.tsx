import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserData } from '@portal/identity/contracts/http';
import { retryAfterMinutes } from '../../../shared/api/error-message';
import { reloadUserData, storeUserData } from '../../../shared/api/user-data';
import { appConfig } from '../../../shared/config/app-config';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { nextAccountStep } from '../../../shared/session/guard-rules';
import { refreshAccessToken } from '../../../shared/session/refresh';
import { sendEmailVerification } from '../api/account';
import { shouldAutoSendVerification } from './verify-rules';

/** Users this page already sent a first link to: React may run an effect twice. */
const autoSent = new Set<string>();

/** The dev outbox page (only where the API turns it on: app-config's devMailbox, ADR 0080). */
export const DEV_MAILBOX_PATH = '/api/dev/mailbox';

/**
 * 000 §4.5: the link is sent on entering when the e-mail is unverified and no send time is
 * recorded; a resend is rate-limited (429, the wait in minutes); "I verified" renews the token
 * and moves on when the address is verified.
 */
export function VerifyEmailPanel({ user, next }: { user: UserData; next: string | null }) {
  const { t } = useTranslation('account');
  const toMessage = useErrorMessage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [notYet, setNotYet] = useState(false);

  const send = useMutation({
    mutationKey: ['identity', 'sendEmailVerification'] as const,
    mutationFn: () => sendEmailVerification(currentLocale()),
    onSuccess: ({ sentAt }) => storeUserData(client, { ...user, emailVerificationSentAt: sentAt }),
  });

  const check = useMutation({
    mutationKey: ['identity', 'checkEmailVerified'] as const,
    mutationFn: async () => {
      await refreshAccessToken();
      return reloadUserData(client);
    },
    onSuccess: (fresh) => {
      if (fresh.emailVerified) void navigate(nextAccountStep(fresh, next), { replace: true });
      else setNotYet(true);
    },
  });

  useEffect(() => {
    if (!shouldAutoSendVerification(user) || autoSent.has(user.uid)) return;
    autoSent.add(user.uid);
    send.mutate();
  }, [user, send]);

  const wait = retryAfterMinutes(send.error);
  const sendError = send.isError ? (wait !== undefined ? t('verifyEmail.resendWait', { count: wait }) : toMessage(send.error)) : null;
  const devMailbox = appConfig().devMailbox;

  return (
    <Stack gap="md">
      <Text>
        {t('verifyEmail.intro')}{' '}
        <Text span fw={600} data-testid="verify-email-address">
          {user.email}
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        {t('verifyEmail.instructions')}
      </Text>
      {send.isSuccess && (
        <Alert color="teal" variant="light" role="status" data-testid="verify-email-sent">
          {t('verifyEmail.sent', { email: user.email })}
        </Alert>
      )}
      {sendError && (
        <Alert color="yellow" variant="light" role="alert" data-testid="verify-email-error">
          {sendError}
        </Alert>
      )}
      {notYet && !check.isPending && (
        <Alert color="yellow" variant="light" role="alert" data-testid="verify-email-not-yet">
          {t('verifyEmail.notYet')}
        </Alert>
      )}
      {check.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="form-error">
          {toMessage(check.error)}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={() => check.mutate()} loading={check.isPending} data-testid="verify-email-continue">
          {t('verifyEmail.continue')}
        </Button>
        <Button variant="default" onClick={() => send.mutate()} loading={send.isPending} data-testid="verify-email-resend">
          {t('verifyEmail.resend')}
        </Button>
      </Group>
      {devMailbox && (
        <Text size="sm" c="dimmed" data-testid="verify-email-dev-mailbox">
          {t('verifyEmail.devMailboxHint')}{' '}
          <Anchor href={DEV_MAILBOX_PATH} target="_blank" rel="noopener">
            {t('verifyEmail.devMailboxLink')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
