import { useMemo } from 'react';
import { Alert, Anchor, Button, Checkbox, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { COUNTRY_CODES } from '@portal/identity/contracts/http';
import { CONSENT_TEXT_VERSIONS } from '@portal/identity/contracts/privacy';
import type { PreRegistration } from '@portal/identity/contracts/user-admin.http';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { paths } from '../../../shared/routing/paths';
import { useRegister } from '../api/register';
import { REF_MAX_LENGTH, toRegisterRequest, validateRegister, type RegisterValues } from './form-rules';
import { PasswordChecker } from './password-checker';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';

/**
 * Registration of 000 §5: e-mail, password (live checker), country, optional ref, consent. Opened
 * from an invitation (ADR 0050), the pre-registered address is fixed and the country filled in;
 * the invitation's token goes with the registration and verifies the address.
 */
export function RegisterForm({ initialRef, invitation = null }: { initialRef: string; invitation?: PreRegistration | null }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const register = useRegister();

  const labels = {
    email: t('register.email'),
    password: t('register.password'),
    country: t('register.country'),
    ref: t('register.ref'),
  };

  const form = useForm<RegisterValues>({
    initialValues: { email: invitation?.email ?? '', password: '', country: invitation?.country ?? '', ref: initialRef.slice(0, REF_MAX_LENGTH), consent: false },
    validate: (values) => {
      const issues = validateRegister(values);
      return {
        email: ruleMessage(issues.email, labels.email),
        password: ruleMessage(issues.password, labels.password, t('fieldGenders.password')),
        country: ruleMessage(issues.country, labels.country),
        ref: ruleMessage(issues.ref, labels.ref),
        consent: ruleMessage(issues.consent, ''),
      };
    },
  });

  // Country names in the current language, in that language's alphabetical order.
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`, { ns: 'common' }) })).sort((a, b) =>
        a.label.localeCompare(b.label, i18n.language),
      ),
    [t, i18n.language],
  );

  const submit = form.onSubmit((values) => {
    const body = toRegisterRequest(values, currentLocale(), invitation?.invitation ?? null);
    if (!body) return;
    register.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('register.success') });
        // A new account verifies its e-mail first (000 §2.2); the screen sends the link. The
        // invitation's link proved the address: the profile comes next.
        void navigate(invitation ? paths.profile : paths.verifyEmail, { replace: true });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={register.isPending}>
      <Stack gap="md">
        {register.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {toMessage(register.error, { fallbackKey: 'app/internal-server-error' })}
          </Alert>
        )}
        <TextInput
          label={labels.email}
          placeholder={t('signIn.emailPlaceholder')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          readOnly={invitation !== null}
          description={invitation ? t('register.invitedEmail') : undefined}
          data-testid="register-email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={labels.password}
          autoComplete="new-password"
          required
          data-testid="register-password"
          {...form.getInputProps('password')}
        />
        <PasswordChecker id="register-password-checker" password={form.values.password} />
        <NativeSelect
          label={labels.country}
          required
          data={[{ value: '', label: t('register.countryPlaceholder'), disabled: true }, ...countries]}
          data-testid="register-country"
          {...form.getInputProps('country')}
        />
        <TextInput
          label={labels.ref}
          description={t('register.refDescription')}
          autoComplete="off"
          maxLength={REF_MAX_LENGTH}
          data-testid="register-ref"
          {...form.getInputProps('ref')}
        />
        <Checkbox
          label={t('register.consent')}
          description={t('register.consentVersion', { version: CONSENT_TEXT_VERSIONS.registration })}
          required
          data-testid="register-consent"
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={register.isPending} data-testid="register-submit">
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.signIn}>
            {t('register.signInLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
