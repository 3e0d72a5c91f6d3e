import { EXPERT_PHONE_MAX, EXPERT_QUESTION_MAX, EXPERT_RESPONSE_MAX, EXPERT_TITLE_MAX, type ExpertThemeOption, type MyExpertQuestion } from '@portal/engagement/contracts/http';
import { compactIssues, type FieldRule, type Issues } from '../../../shared/forms/field-rules';

/** The ask form (000 §4.1): theme, then one of its sub-themes, phone, title, question. */
export interface AskForm {
  themeId: string;
  subThemeId: string;
  phone: string;
  title: string;
  question: string;
}
export const EMPTY_ASK_FORM: AskForm = { themeId: '', subThemeId: '', phone: '', title: '', question: '' };

/** The sub-themes the chosen theme offers (none before a theme is chosen). */
export const subThemesOf = (themes: readonly ExpertThemeOption[], themeId: string): ExpertThemeOption['subThemes'] => themes.find((t) => t.value === themeId)?.subThemes ?? [];

/** Choosing another theme clears a sub-theme of the previous one. */
export const withTheme = (form: AskForm, themes: readonly ExpertThemeOption[], themeId: string): AskForm => ({
  ...form,
  themeId,
  subThemeId: subThemesOf(themes, themeId).some((s) => s.value === form.subThemeId) ? form.subThemeId : '',
});

/** Digits, spaces, dots, dashes, parentheses and a leading "+": the server reads the number for the learner's country. */
const PHONE_SHAPE = /^\+?[0-9 ().-]{8,}$/;

const text = (value: string, max: number): FieldRule | undefined =>
  !value.trim() ? { rule: 'required' } : value.trim().length > max ? { rule: 'maxLength', length: max } : undefined;

export const validateAsk = (form: AskForm): Issues<AskForm> =>
  compactIssues<AskForm>({
    themeId: form.themeId ? undefined : { rule: 'required' },
    subThemeId: form.subThemeId ? undefined : { rule: 'required' },
    phone: !form.phone.trim() ? { rule: 'required' } : form.phone.trim().length > EXPERT_PHONE_MAX || !PHONE_SHAPE.test(form.phone.trim()) ? { rule: 'phoneNumberInvalid' } : undefined,
    title: text(form.title, EXPERT_TITLE_MAX),
    question: text(form.question, EXPERT_QUESTION_MAX),
  });

export const validateResponse = (response: string): FieldRule | undefined => text(response, EXPERT_RESPONSE_MAX);

/** n/max under a text area. */
export const counter = (value: string, max: number): string => `${value.length}/${max}`;

/** The learner's list: open questions first (waiting), then the others newest first, as the server sorted them. */
export const byWaitingFirst = (items: readonly MyExpertQuestion[]): MyExpertQuestion[] => [...items.filter((q) => q.status === 'open'), ...items.filter((q) => q.status !== 'open')];

/** Where the menu's entries lead. */
export const ASK_EXPERT_PATHS = { ask: '/ask-expert', queue: '/ask-expert/queue', experts: '/manager/experts' } as const;
