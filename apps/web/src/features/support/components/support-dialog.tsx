import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { signInPathFor } from '../../../shared/routing/paths';
import { canReadSupportInbox } from '../../../shared/session/access';
import { useAuthClaims } from '../../../shared/session/use-session';
import { closeSupport, useShellState } from '../../../shared/ui/shell/shell-store';
import { asLocale } from '../../../shared/ui/shell/localized';
import { sendSupportMessage } from '../api/send-support';
import {
  canClose,
  EMPTY_FORM,
  initialForm,
  MESSAGE_ROWS,
  messageBody,
  messageCounter,
  subjectOptions,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TITLE_MAX,
  validateSupport,
  type SupportForm,
  type SupportStatus,
} from '../model/support-model';
import { SUPPORT_MESSAGES_PATH } from '../model/support-admin';

/**
 * The support dialog (000 §4.7): form, busy, success or failed. It cannot be closed while
 * busy; the form is cleared after a success; opened from ctb_cast the subject is CTBCast; an
 * initial payload presets subject, title and message (its subject listed first). Subjects per
 * country (000 §5); the message has a n/600 counter, 6 rows, no resize.
 */
export function SupportDialog({ stationTitles }: { stationTitles: readonly string[] }) {
  const { t, i18n } = useTranslation('support');
  const locale = asLocale(i18n.language);
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const location = useLocation();
  const claims = useAuthClaims();
  const opened = useShellState((s) => s.supportOpen);
  const payload = useShellState((s) => s.supportPayload);
  const [form, setForm] = useState<SupportForm>(EMPTY_FORM);
  const [status, setStatus] = useState<SupportStatus>('form');
  const [submitted, setSubmitted] = useState(false);

  // each opening starts from the initial payload (or the CTBCast preset)
  useEffect(() => {
    if (!opened) return;
    setForm(initialForm(location.pathname, payload));
    setStatus('form');
    setSubmitted(false);
  }, [opened]);

  const send = useMutation({
    mutationKey: ['support', 'message'] as const,
    mutationFn: sendSupportMessage,
    onMutate: () => setStatus('busy'),
    onSuccess: () => {
      setStatus('success');
      setForm(EMPTY_FORM);
      setSubmitted(false);
    },
    onError: () => setStatus('failed'),
  });

  const options = subjectOptions({ country: claims?.country, locale, stationTitles, initialSubject: initialForm(location.pathname, payload).subject || null });
  const issues = validateSupport(form);
  const busy = status === 'busy';

  const close = () => {
    if (!canClose(status)) return;
    closeSupport();
  };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(issues).length > 0) return;
    send.mutate(messageBody(form, { registerId: claims?.userId ?? null, origin: window.location.href, lang: locale }));
  };

  const field = (name: keyof SupportForm) => (submitted ? ruleMessage(issues[name], t(`fields.${name}`), t(`fieldGenders.${name}`)) : null);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('title')}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <div data-testid="support-dialog" data-status={status}>
        {!claims ? (
          <Stack gap="md" data-testid="support-signin">
            <Text>{t('signInFirst')}</Text>
            <Group justify="flex-end">
              <Button component={Link} to={signInPathFor(location.pathname, location.search)} onClick={() => closeSupport()}>
                {t('signIn')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="md">
              <Text size="sm" c="gray.7">
                {t('intro')}
              </Text>
              {canReadSupportInbox(claims) && (
                <Anchor component={Link} to={SUPPORT_MESSAGES_PATH} size="sm" onClick={() => closeSupport()} data-testid="support-admin-link">
                  {t('admin.open')}
                </Anchor>
              )}
              {status === 'success' && (
                <Alert color="green" variant="light" role="status" data-testid="support-success">
                  {t('successMessage')}
                </Alert>
              )}
              {status === 'failed' && (
                <Alert color="red" variant="light" role="alert" title={t('failMessage')} data-testid="support-failed">
                  {toMessage(send.error, { fallbackKey: 'app/internal-server-error' })}
                </Alert>
              )}
              <NativeSelect
                label={t('fields.subject')}
                required
                disabled={busy}
                value={form.subject}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setForm((f) => ({ ...f, subject: value }));
                }}
                error={field('subject')}
                data={[{ value: '', label: t('chooseSubject'), disabled: true }, ...options.map((o) => ({ value: o.value, label: o.labelKey ? t(`subjects.${o.labelKey}`) : (o.label ?? o.value) }))]}
                data-testid="support-subject"
              />
              <TextInput
                label={t('fields.title')}
                required
                disabled={busy}
                maxLength={SUPPORT_TITLE_MAX}
                value={form.title}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setForm((f) => ({ ...f, title: value }));
                }}
                error={field('title')}
                data-testid="support-title"
              />
              <Textarea
                label={t('fields.message')}
                required
                disabled={busy}
                rows={MESSAGE_ROWS}
                maxLength={SUPPORT_MESSAGE_MAX}
                resize="none"
                styles={{ input: { resize: 'none' } }}
                value={form.message}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setForm((f) => ({ ...f, message: value }));
                }}
                error={field('message')}
                description={<span data-testid="support-counter">{messageCounter(form.message)}</span>}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data-testid="support-message"
              />
              <Group justify="space-between">
                <Anchor component="button" type="button" size="sm" onClick={close} disabled={busy}>
                  {t('cancel')}
                </Anchor>
                <Button type="submit" loading={busy} data-testid="support-submit">
                  {t('submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </div>
    </Modal>
  );
}
