import type { Locale } from '@portal/kernel';
import type { ExpertQuestionRow } from '@portal/projection-expert-questions';
import type { ExpertQuestionView } from '../../contracts/index.js';
import { pick } from './localized.js';

/** A question of the read model as the learner and the experts see it, labels in the reader's language. */
export const expertQuestionView = (r: ExpertQuestionRow, lang: Locale): ExpertQuestionView => ({
  questionId: r.questionId,
  status: r.status,
  themeId: r.themeId,
  theme: pick(r.themeLabels, lang),
  subThemeId: r.subThemeId,
  subTheme: pick(r.subThemeLabels, lang),
  phone: r.phone,
  title: r.title,
  question: r.question,
  askedAt: r.askedAt,
  claimedBy: r.claimedBy,
  claimedByName: r.claimedByName,
  response: r.response,
  answeredBy: r.answeredBy,
  answeredByName: r.answeredByName,
  answeredAt: r.answeredAt,
});
