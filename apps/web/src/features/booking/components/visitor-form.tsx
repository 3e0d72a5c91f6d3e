import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { BookingRequestedAnswer } from '@portal/booking/contracts/http';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useRequestBooking } from '../api/request-booking';
import { emptyVisitor, toBookingRequest, validateVisitor, type VisitorValues } from '../model/visitor-form';

const PROTOCOLS = ['arrive', 'shoes', 'guide', 'health', 'photos'] as const;

/** Step 4: who visits, and the two acceptances 001 §5 requires; sends the request. */
export function VisitorForm({ choice, onRequested }: { choice: { locationId: string; date: string; time: string }; onRequested: (answer: BookingRequestedAnswer, email: string) => void }) {
  const { t } = useTranslation('booking');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const request = useRequestBooking();
  const [reading, setReading] = useState<'privacy' | 'protocols' | null>(null);

  const labels = { name: t('details.name'), email: t('details.email'), phone: t('details.phone'), company: t('details.company') };
  const form = useForm<VisitorValues>({
    initialValues: emptyVisitor(),
    validate: (values) => {
      const issues = validateVisitor(values);
      return {
        name: ruleMessage(issues.name, labels.name),
        email: ruleMessage(issues.email, labels.email),
        phone: ruleMessage(issues.phone, labels.phone),
        company: ruleMessage(issues.company, labels.company),
        acceptedPrivacyPolicy: ruleMessage(issues.acceptedPrivacyPolicy, ''),
        acceptedVisitProtocols: ruleMessage(issues.acceptedVisitProtocols, ''),
      };
    },
  });

  const submit = form.onSubmit((values) => {
    const body = toBookingRequest(values, choice, currentLocale());
    if (!body) return;
    request.mutate(body, { onSuccess: (answer) => onRequested(answer, body.email) });
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={request.isPending}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('details.title')}
        </Title>
        {request.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="booking-form-error">
            {toMessage(request.error)}
          </Alert>
        )}
        <TextInput label={labels.name} autoComplete="name" required data-testid="booking-name" {...form.getInputProps('name')} />
        <TextInput label={labels.email} type="email" inputMode="email" autoComplete="email" required data-testid="booking-email" {...form.getInputProps('email')} />
        <Group grow align="flex-start">
          <TextInput label={labels.phone} description={t('details.optional')} type="tel" autoComplete="tel" data-testid="booking-phone" {...form.getInputProps('phone')} />
          <TextInput label={labels.company} description={t('details.optional')} autoComplete="organization" data-testid="booking-company" {...form.getInputProps('company')} />
        </Group>
        <Stack gap={4}>
          <Checkbox label={t('details.acceptPrivacy')} required data-testid="booking-accept-privacy" {...form.getInputProps('acceptedPrivacyPolicy', { type: 'checkbox' })} />
          <Anchor component="button" type="button" size="sm" ml={32} ta="left" onClick={() => setReading('privacy')}>
            {t('details.readPrivacy')}
          </Anchor>
        </Stack>
        <Stack gap={4}>
          <Checkbox label={t('details.acceptProtocols')} required data-testid="booking-accept-protocols" {...form.getInputProps('acceptedVisitProtocols', { type: 'checkbox' })} />
          <Anchor component="button" type="button" size="sm" ml={32} ta="left" onClick={() => setReading('protocols')}>
            {t('details.readProtocols')}
          </Anchor>
        </Stack>
        <Button type="submit" size="md" loading={request.isPending} data-testid="booking-submit">
          {t('details.submit')}
        </Button>
      </Stack>
      <Modal opened={reading !== null} onClose={() => setReading(null)} title={reading === 'protocols' ? t('protocols.title') : t('privacy.title')} size="lg" closeButtonProps={{ 'aria-label': t('details.close') }}>
        {reading === 'protocols' ? (
          <List spacing="xs">
            {PROTOCOLS.map((key) => (
              <List.Item key={key}>{t(`protocols.${key}`)}</List.Item>
            ))}
          </List>
        ) : (
          <Text>{t('privacy.body')}</Text>
        )}
      </Modal>
    </form>
  );
}
