import { CTB_CAST_SUBJECT, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECTS, SUPPORT_TITLE_MAX } from '@portal/engagement/contracts/http';
import type { Locale } from '@portal/kernel';
import { compactIssues, type Issues } from '../../../shared/forms/field-rules';

/**
 * The support dialog of 000 §4.7 and §5: subjects per country, the CTBCast preset, the
 * initial payload, validation (title 64, message 600) and the dialog's states.
 */
export { SUPPORT_MESSAGE_MAX, SUPPORT_TITLE_MAX };
export const OTHERS_SUBJECT = 'Others';
export const MESSAGE_ROWS = 6;

/**
 * The fixed subjects are stored as the words of 000 §5 (what support staff filter by), but each is
 * shown in the user's language: a Brazilian reading Spanish or English sees "Actualización de
 * contenido", not "Atualização de Conteúdo" (issue 13). Keys of support:subjects.
 */
export const SUBJECT_LABEL_KEYS = {
  Feedback: 'feedback',
  'Atualização de Conteúdo': 'contentUpdate',
  'Sugestão de Conteúdo': 'contentSuggestion',
  Pregunta: 'question',
  Reclamo: 'complaint',
  Sugerencias: 'suggestions',
  [CTB_CAST_SUBJECT]: 'ctbCast',
  Others: 'others',
} as const satisfies Record<string, string>;
export type SubjectLabelKey = (typeof SUBJECT_LABEL_KEYS)[keyof typeof SUBJECT_LABEL_KEYS];

const labelKeyOf = (value: string): SubjectLabelKey | null => (Object.hasOwn(SUBJECT_LABEL_KEYS, value) ? SUBJECT_LABEL_KEYS[value as keyof typeof SUBJECT_LABEL_KEYS] : null);

export interface SubjectOption {
  value: string;
  /** a station title, shown as it is sent (null for a fixed subject) */
  label: string | null;
  /** a fixed subject or "Others": translated by the dialog with support:subjects.{labelKey} */
  labelKey: SubjectLabelKey | null;
}

const fixed = (value: string): SubjectOption => ({ value, label: null, labelKey: labelKeyOf(value) });
const free = (value: string): SubjectOption => (labelKeyOf(value) ? fixed(value) : { value, label: value, labelKey: null });

export interface SubjectInput {
  country: string | null | undefined;
  locale: Locale;
  /** station titles in the current language (the list for everyone else) */
  stationTitles: readonly string[];
  /** the initial payload's or the CTBCast preset's subject: listed first */
  initialSubject?: string | null;
}

/** Brazil: its three subjects; Spanish: its three; otherwise the station titles plus Others. */
export const subjectOptions = ({ country, locale, stationTitles, initialSubject }: SubjectInput): SubjectOption[] => {
  let base: SubjectOption[];
  if (country === 'BR') base = SUPPORT_SUBJECTS.BR.map(fixed);
  else if (locale === 'es') base = SUPPORT_SUBJECTS.es.map(fixed);
  else base = [...[...new Set(stationTitles.filter((title) => title.trim().length > 0))].map((value): SubjectOption => ({ value, label: value, labelKey: null })), fixed(OTHERS_SUBJECT)];
  if (!initialSubject) return base;
  const own = base.find((option) => option.value === initialSubject) ?? free(initialSubject);
  return [own, ...base.filter((option) => option.value !== initialSubject)];
};

/** Opening from the ctb_cast station presets the CTBCast subject. */
export const isCtbCastPath = (pathname: string): boolean => /^\/(journey|station)\/ctb_cast(\/|$)/.test(pathname);

export interface SupportPayload {
  subject?: string;
  title?: string;
  message?: string;
}

export interface SupportForm {
  subject: string;
  title: string;
  message: string;
}

/** The form the dialog opens with: the initial payload first, else CTBCast on ctb_cast. */
export const initialForm = (pathname: string, payload: SupportPayload | null | undefined): SupportForm => ({
  subject: payload?.subject ?? (isCtbCastPath(pathname) ? CTB_CAST_SUBJECT : ''),
  title: payload?.title ?? '',
  message: payload?.message ?? '',
});

export const EMPTY_FORM: SupportForm = { subject: '', title: '', message: '' };

/** 000 §5: subject required; title required, at most 64; message required, at most 600. */
export const validateSupport = (form: SupportForm): Issues<SupportForm> =>
  compactIssues<SupportForm>({
    subject: form.subject.trim() ? undefined : { rule: 'required' },
    title: !form.title.trim() ? { rule: 'required' } : form.title.trim().length > SUPPORT_TITLE_MAX ? { rule: 'maxLength', length: SUPPORT_TITLE_MAX } : undefined,
    message: !form.message.trim() ? { rule: 'required' } : form.message.trim().length > SUPPORT_MESSAGE_MAX ? { rule: 'maxLength', length: SUPPORT_MESSAGE_MAX } : undefined,
  });

/** The counter under the message: n/600. */
export const messageCounter = (message: string): string => `${message.length}/${SUPPORT_MESSAGE_MAX}`;

/** 000 §4.7 states while open. */
export type SupportStatus = 'form' | 'busy' | 'success' | 'failed';

/** It cannot be closed while busy (no close on backdrop or Esc either). */
export const canClose = (status: SupportStatus): boolean => status !== 'busy';

export interface SupportMessageBody {
  registerId?: string;
  context: 'web';
  origin: string;
  subject: string;
  title: string;
  message: string;
  lang: Locale;
}

/** The body of POST /api/support/message (000 §3 support message). */
export const messageBody = (form: SupportForm, input: { registerId: string | null; origin: string; lang: Locale }): SupportMessageBody => ({
  ...(input.registerId ? { registerId: input.registerId } : {}),
  context: 'web',
  origin: input.origin,
  subject: form.subject.trim(),
  title: form.title.trim(),
  message: form.message.trim(),
  lang: input.lang,
});
