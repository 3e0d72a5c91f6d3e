import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { paths } from '../../../shared/routing/paths';
import { endSession } from '../../../shared/session/guards';
import { applyActionCode } from '../api/email-links';
import { validateNewPassword, type NewPasswordValues } from './form-rules';
import { PasswordChecker } from './password-checker';

/** The second step of a reset link: a new password with the live checker of 000 §5. */
export function NewPasswordForm({ oobCode, email }: { oobCode: string; email: string }) {
  const { t } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const apply = useMutation({
    mutationKey: ['identity', 'resetPassword'] as const,
    mutationFn: (password: string) => applyActionCode('resetPassword', oobCode, password),
    // A new password ends the sessions of the account; this tab signs in again.
    onSuccess: () => endSession(),
  });

  const labels = { password: t('action.newPassword'), confirmation: t('action.confirmPassword') };
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmation: '' },
    validate: (values) => {
      const issues = validateNewPassword(values);
      return { password: ruleMessage(issues.password, labels.password, t('fieldGenders.password')), confirmation: ruleMessage(issues.confirmation, labels.password) };
    },
  });

  if (apply.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" data-testid="action-success">
          {t('action.passwordChanged')}
        </Alert>
        <Button component={Link} to={paths.signIn} replace data-testid="action-continue">
          {t('action.signIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate aria-busy={apply.isPending} onSubmit={form.onSubmit((values) => apply.mutate(values.password))}>
      <Stack gap="md">
        {apply.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {toMessage(apply.error)}
          </Alert>
        )}
        <Text size="sm">{t('action.resetFor')}</Text>
        {/* The account's address, for password managers and for the user to check. */}
        <TextInput value={email} readOnly autoComplete="username" label={t('signIn.email')} data-testid="action-email" />
        <PasswordInput
          label={labels.password}
          autoComplete="new-password"
          required
          data-testid="action-new-password"
          {...form.getInputProps('password')}
        />
        <PasswordChecker password={form.values.password} />
        <PasswordInput
          label={labels.confirmation}
          autoComplete="new-password"
          required
          data-testid="action-confirm-password"
          {...form.getInputProps('confirmation')}
        />
        <Button type="submit" fullWidth loading={apply.isPending} data-testid="action-submit">
          {t('action.savePassword')}
        </Button>
      </Stack>
    </form>
  );
}
