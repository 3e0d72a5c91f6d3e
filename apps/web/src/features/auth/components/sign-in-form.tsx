import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { afterSignInPath, paths } from '../../../shared/routing/paths';
import { useSignIn } from '../api/sign-in';
import { toSignInRequest, validateSignIn, type SignInValues } from './form-rules';
import { SignInLinkOffer } from './sign-in-link-offer';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';

/**
 * E-mail and password sign-in; afterwards `next` (when safe) or the personal home. A throttled
 * attempt (429) puts the e-mailed sign-in link forward (ADR 0032).
 */
export function SignInForm({ next }: { next: string | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const signIn = useSignIn();

  const labels = { email: t('signIn.email'), password: t('signIn.password') };
  const form = useForm<SignInValues>({
    initialValues: { email: '', password: '' },
    validate: (values) => {
      const issues = validateSignIn(values);
      return { email: ruleMessage(issues.email, labels.email), password: ruleMessage(issues.password, labels.password, t('fieldGenders.password')) };
    },
  });

  const throttled = isApiError(signIn.error) && signIn.error.statusCode === 429;

  const submit = form.onSubmit((values) => {
    const body = toSignInRequest(values);
    if (!body) return;
    // The target's guards send an unverified or incomplete account to its next step.
    signIn.mutate(body, { onSuccess: () => void navigate(afterSignInPath(next), { replace: true }) });
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={signIn.isPending}>
      <Stack gap="md">
        {signIn.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {toMessage(signIn.error)}
          </Alert>
        )}
        <TextInput
          label={labels.email}
          placeholder={t('signIn.emailPlaceholder')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          data-testid="signin-email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={labels.password}
          autoComplete="current-password"
          required
          data-testid="signin-password"
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to={paths.resetPassword} size="sm" ta="right" data-testid="signin-reset-link">
          {t('signIn.forgotPassword')}
        </Anchor>
        <Button type="submit" fullWidth loading={signIn.isPending} data-testid="signin-submit">
          {t('signIn.submit')}
        </Button>
        <SignInLinkOffer email={() => form.getValues().email} throttled={throttled} invalidEmail={() => form.validateField('email')} />
        <Text size="sm" ta="center">
          {t('signIn.noAccount')}{' '}
          <Anchor component={Link} to={paths.register} data-testid="signin-register-link">
            {t('signIn.registerLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
