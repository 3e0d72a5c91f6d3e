import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { retryAfterMinutes } from '../../../shared/api/error-message';
import { reloadUserData } from '../../../shared/api/user-data';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { paths } from '../../../shared/routing/paths';
import { sendPhoneCode, verifyPhoneCode } from '../api/account';
import { normalizePhone, validateOtp, validatePhone } from './verify-rules';

/** /auth2/verification: a phone number in E.164 gets a six-digit code by SMS, which links it. */
export function PhoneVerificationForm({ initialPhone }: { initialPhone: string }) {
  const { t } = useTranslation('account');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const client = useQueryClient();
  const [phone, setPhone] = useState<string | null>(null);

  const send = useMutation({
    mutationKey: ['identity', 'phoneSend'] as const,
    mutationFn: (number: string) => sendPhoneCode(number, currentLocale()),
    onSuccess: (_answer, number) => setPhone(number),
  });
  const verify = useMutation({
    mutationKey: ['identity', 'phoneVerify'] as const,
    mutationFn: ({ number, code }: { number: string; code: string }) => verifyPhoneCode(number, code),
    onSuccess: () => reloadUserData(client),
  });

  const phoneLabel = t('phone.number');
  const codeLabel = t('phone.code');
  const phoneForm = useForm({
    initialValues: { phone: initialPhone },
    validate: { phone: (value: string) => ruleMessage(validatePhone(value), phoneLabel) },
  });
  const codeForm = useForm({
    initialValues: { code: '' },
    validate: { code: (value: string) => ruleMessage(validateOtp(value), codeLabel) },
  });

  const failure = (error: unknown) => {
    const wait = retryAfterMinutes(error);
    return wait !== undefined ? t('phone.resendWait', { count: wait }) : toMessage(error);
  };

  if (verify.isSuccess && phone) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" data-testid="phone-linked">
          {t('phone.linked', { phone })}
        </Alert>
        <Button component={Link} to={paths.profile} data-testid="phone-back">
          {t('phone.backToProfile')}
        </Button>
      </Stack>
    );
  }

  if (phone) {
    return (
      <form noValidate aria-busy={verify.isPending} onSubmit={codeForm.onSubmit(({ code }) => verify.mutate({ number: phone, code: code.trim() }))}>
        <Stack gap="md">
          <Text>{t('phone.codeSent', { phone })}</Text>
          {(verify.isError || send.isError) && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {failure(verify.error ?? send.error)}
            </Alert>
          )}
          <TextInput
            label={codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-testid="phone-code"
            {...codeForm.getInputProps('code')}
          />
          <Group gap="sm">
            <Button type="submit" loading={verify.isPending} data-testid="phone-verify">
              {t('phone.verify')}
            </Button>
            <Button variant="default" onClick={() => send.mutate(phone)} loading={send.isPending} data-testid="phone-resend">
              {t('phone.resend')}
            </Button>
          </Group>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setPhone(null);
              send.reset();
              verify.reset();
              codeForm.reset();
            }}
          >
            {t('phone.changeNumber')}
          </Anchor>
        </Stack>
      </form>
    );
  }

  return (
    <form noValidate aria-busy={send.isPending} onSubmit={phoneForm.onSubmit((values) => send.mutate(normalizePhone(values.phone)))}>
      <Stack gap="md">
        {send.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {failure(send.error)}
          </Alert>
        )}
        <TextInput
          label={phoneLabel}
          description={t('phone.numberDescription')}
          placeholder="+55 11 98765-4321"
          type="tel"
          autoComplete="tel"
          required
          data-testid="phone-number"
          {...phoneForm.getInputProps('phone')}
        />
        <Button type="submit" loading={send.isPending} data-testid="phone-send">
          {t('phone.send')}
        </Button>
      </Stack>
    </form>
  );
}
