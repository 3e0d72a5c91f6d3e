import { useState } from 'react';
import { Button, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPERT_QUESTION_MAX, EXPERT_TITLE_MAX, type ExpertThemeOption } from '@portal/engagement/contracts/http';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { asLocale } from '../../../shared/ui/shell/localized';
import { useAskExpert } from '../api/ask-expert';
import { counter, EMPTY_ASK_FORM, subThemesOf, validateAsk, withTheme, type AskForm } from '../model/ask-expert';

/** The ask form (000 §4.1): theme -> sub-theme selects, phone, title, question; errors of the server under their fields. */
export function AskExpertForm({ themes }: { themes: readonly ExpertThemeOption[] }) {
  const { t, i18n } = useTranslation('ask-expert');
  const ruleMessage = useRuleMessage();
  const toMessage = useErrorMessage();
  const ask = useAskExpert();
  const [form, setForm] = useState<AskForm>(EMPTY_ASK_FORM);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof AskForm, string>>>({});
  const issues = validateAsk(form);
  const error = (field: keyof AskForm) => serverErrors[field] ?? (touched ? ruleMessage(issues[field], t(`fields.${field}`)) : null);
  const set = (field: keyof AskForm, value: string) => {
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setForm((f) => (field === 'themeId' ? withTheme(f, themes, value) : { ...f, [field]: value }));
  };

  const submit = () => {
    setTouched(true);
    if (Object.keys(issues).length > 0) return;
    ask.mutate(
      { ...form, lang: asLocale(i18n.language) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('ask.sent') });
          setForm(EMPTY_ASK_FORM);
          setTouched(false);
        },
        onError: (e) => {
          const message = toMessage(e);
          const fields = isApiError(e) ? e.details.map((d) => d.path).filter((p): p is keyof AskForm => p in EMPTY_ASK_FORM) : [];
          if (fields.length > 0) setServerErrors(Object.fromEntries(fields.map((f) => [f, message])));
          else notifications.show({ color: 'red', message });
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
      data-testid="ask-expert-form"
    >
      <Stack gap="sm">
        <Select
          label={t('fields.themeId')}
          placeholder={t('ask.pickTheme')}
          data={themes.map((th) => ({ value: th.value, label: th.label }))}
          value={form.themeId || null}
          onChange={(v) => set('themeId', v ?? '')}
          error={error('themeId')}
          required
          allowDeselect={false}
          data-testid="ask-theme"
        />
        <Select
          label={t('fields.subThemeId')}
          placeholder={form.themeId ? t('ask.pickSubTheme') : t('ask.pickThemeFirst')}
          data={subThemesOf(themes, form.themeId)}
          value={form.subThemeId || null}
          onChange={(v) => set('subThemeId', v ?? '')}
          disabled={!form.themeId}
          error={error('subThemeId')}
          required
          allowDeselect={false}
          data-testid="ask-sub-theme"
        />
        <TextInput label={t('fields.phone')} description={t('ask.phoneHint')} type="tel" autoComplete="tel" value={form.phone} onChange={(e) => set('phone', e.currentTarget.value)} error={error('phone')} required data-testid="ask-phone" />
        <TextInput label={t('fields.title')} value={form.title} onChange={(e) => set('title', e.currentTarget.value)} error={error('title')} required maxLength={EXPERT_TITLE_MAX} data-testid="ask-title" />
        <Textarea
          label={t('fields.question')}
          value={form.question}
          onChange={(e) => set('question', e.currentTarget.value)}
          error={error('question')}
          required
          autosize
          minRows={4}
          maxLength={EXPERT_QUESTION_MAX}
          data-testid="ask-question"
        />
        <Text size="xs" c="dimmed" ta="right">
          {counter(form.question, EXPERT_QUESTION_MAX)}
        </Text>
        <Button type="submit" loading={ask.isPending} style={{ alignSelf: 'flex-start' }} data-testid="ask-submit">
          {t('ask.submit')}
        </Button>
      </Stack>
    </form>
  );
}
