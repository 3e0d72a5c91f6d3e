import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@portal/identity/contracts/http';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useSendSignInLink } from '../api/sign-in-link';

/**
 * "E-mail me a sign-in link" under the sign-in form (ADR 0032): always there, and put forward
 * with an explanation when the password sign-in was throttled. `email` is read when clicked;
 * `invalidEmail` lets the form show its own e-mail rule instead.
 */
export function SignInLinkOffer({ email, throttled, invalidEmail }: { email: () => string; throttled: boolean; invalidEmail: () => void }) {
  const { t } = useTranslation('auth');
  const toMessage = useErrorMessage();
  const send = useSendSignInLink();

  if (send.isSuccess) {
    return (
      <Alert color="teal" variant="light" role="status" data-testid="signin-link-sent">
        {t('signIn.linkSent', { email: send.variables.email })}
      </Alert>
    );
  }

  const request = () => {
    const parsed = emailSchema.safeParse(email());
    if (!parsed.success) {
      invalidEmail();
      return;
    }
    send.mutate({ email: parsed.data, lang: currentLocale() });
  };

  return (
    <Stack gap="xs">
      {throttled && (
        <Text size="sm" data-testid="signin-link-hint">
          {t('signIn.linkOfferThrottled')}
        </Text>
      )}
      {send.isError && (
        <Alert color="red" variant="light" role="alert">
          {toMessage(send.error)}
        </Alert>
      )}
      <Button variant={throttled ? 'filled' : 'subtle'} size={throttled ? 'sm' : 'xs'} onClick={request} loading={send.isPending} data-testid="signin-link-request">
        {t('signIn.linkOffer')}
      </Button>
    </Stack>
  );
}
