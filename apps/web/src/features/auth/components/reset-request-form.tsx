import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailSchema } from '@portal/identity/contracts/http';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { paths } from '../../../shared/routing/paths';
import { sendPasswordReset } from '../api/email-links';
import { validateResetRequest, type ResetRequestValues } from './form-rules';

/**
 * Password reset request (000 §4.5): the answer is the same whether or not the address has an
 * account, so the screen never tells who is registered.
 */
export function ResetRequestForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const send = useMutation({
    mutationKey: ['identity', 'sendPasswordReset'] as const,
    mutationFn: (email: string) => sendPasswordReset(email, currentLocale()),
  });

  const label = t('resetRequest.email');
  const form = useForm<ResetRequestValues>({
    initialValues: { email: initialEmail },
    validate: (values) => ({ email: ruleMessage(validateResetRequest(values).email, label) }),
  });

  if (send.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" data-testid="reset-request-sent">
          {t('resetRequest.sent', { email: send.variables })}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('resetRequest.sentHint')}
        </Text>
        <Button component={Link} to={paths.signIn} variant="default" data-testid="reset-request-back">
          {t('resetRequest.backToSignIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-busy={send.isPending}
      onSubmit={form.onSubmit((values) => {
        const email = emailSchema.safeParse(values.email);
        if (email.success) send.mutate(email.data);
      })}
    >
      <Stack gap="md">
        {send.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {toMessage(send.error)}
          </Alert>
        )}
        <TextInput
          label={label}
          placeholder={t('signIn.emailPlaceholder')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          data-testid="reset-request-email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={send.isPending} data-testid="reset-request-submit">
          {t('resetRequest.submit')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.signIn}>
            {t('resetRequest.backToSignIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
