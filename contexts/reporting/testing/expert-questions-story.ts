/**
 * The ask the expert report's story (ADR 0070, 0072), on top of the reports story's companies and
 * learners: two themes with a sub-theme each (reference data), a1 (A) asks and is answered after
 * the cut, b1 (B) asks and is answered before it, the mover asks while in A and withdraws; the soil
 * theme is renamed after the cut. Imported by specs only.
 */
import type { Checkpoint, EventStore } from '@portal/eventstore';
import { expertQuestionStream, type ExpertQuestionAsked } from '@portal/engagement/contracts';
import { referenceStream, type ReferenceList } from '@portal/identity/contracts';
import { A1, appendSteps, B1, COMPANY_A, COMPANY_B, MOVER, STORY_AFTER_MOVE, STORY_BEFORE_MOVE } from './reports-story.js';

const labels = (en: string, pt = en) => ({ 'pt-BR': pt, es: en, en });
const theme = (list: ReferenceList, itemId: string, en: string, pt: string, parentId: string | null = null) => ({
  stream: referenceStream(list),
  event: { type: 'ReferenceItemSaved', data: { list, itemId, labels: labels(en, pt), parentId, other: false, by: 'system:seed', savedAt: '2026-10-01T00:00:00.000Z' } },
});
const asked = (questionId: string, userId: string, companyId: string, themeId: string, subThemeId: string, title: string, at: string) => ({
  stream: expertQuestionStream(questionId),
  event: {
    type: 'ExpertQuestionAsked',
    data: {
      questionId,
      userId,
      email: `${userId}@example.com`,
      lang: 'en',
      companyId,
      country: 'BR',
      themeId,
      themeLabels: labels(`${themeId} as asked`),
      subThemeId,
      subThemeLabels: labels(`${subThemeId} as asked`),
      phone: '+5511999990000',
      title,
      question: `${title}?`,
      askedAt: at,
    } satisfies ExpertQuestionAsked['data'],
  },
});
const claimed = (questionId: string, themeId: string, at: string) => ({
  stream: expertQuestionStream(questionId),
  event: { type: 'ExpertQuestionClaimed', data: { questionId, expertId: 'expert-1', expertName: 'Dr. Eva', themeId, claimedAt: at } },
});
const answered = (questionId: string, userId: string, themeId: string, response: string, at: string) => ({
  stream: expertQuestionStream(questionId),
  event: { type: 'ExpertQuestionAnswered', data: { questionId, userId, themeId, expertId: 'expert-1', expertName: 'Dr. Eva', response, answeredAt: at } },
});
const withdrawn = (questionId: string, userId: string, at: string) => ({
  stream: expertQuestionStream(questionId),
  event: { type: 'ExpertQuestionWithdrawn', data: { questionId, userId, withdrawnAt: at } },
});

export const QUESTIONS_BEFORE_MOVE = [
  theme('expertThemes', 'pests', 'Pests', 'Pragas'),
  theme('expertSubThemes', 'caterpillars', 'Caterpillars', 'Lagartas', 'pests'),
  theme('expertThemes', 'soil', 'Soil', 'Solo'),
  theme('expertSubThemes', 'ph', 'Soil pH', 'pH do solo', 'soil'),
  asked('eq-a1', A1, COMPANY_A, 'pests', 'caterpillars', 'Caterpillars on soy', '2026-11-02T10:00:00.000Z'),
  claimed('eq-a1', 'pests', '2026-11-02T11:00:00.000Z'),
  asked('eq-b1', B1, COMPANY_B, 'soil', 'ph', 'Lime dose', '2026-11-05T10:00:00.000Z'),
  answered('eq-b1', B1, 'soil', 'Two tonnes per hectare', '2026-11-05T12:00:00.000Z'),
  asked('eq-m1', MOVER, COMPANY_A, 'soil', 'ph', 'Acid soil', '2026-11-06T10:00:00.000Z'),
  // an event arriving twice (the same data appended again) changes nothing
  claimed('eq-a1', 'pests', '2026-11-02T11:00:00.000Z'),
];
export const QUESTIONS_AFTER_MOVE = [
  withdrawn('eq-m1', MOVER, '2026-11-20T10:00:00.000Z'),
  answered('eq-a1', A1, 'pests', 'Use a biological control', '2026-11-21T10:00:00.000Z'),
  theme('expertThemes', 'soil', 'Soils and fertility', 'Solos e fertilidade'),
];

/** The reports story with the questions; `beforeMove` is the last checkpoint before m1 moves to company B (and before a1's answer and the rename). */
export const appendExpertQuestionsStory = async (store: EventStore): Promise<{ beforeMove: Checkpoint; end: Checkpoint }> => {
  await appendSteps(store, STORY_BEFORE_MOVE);
  const beforeMove = await appendSteps(store, QUESTIONS_BEFORE_MOVE);
  await appendSteps(store, STORY_AFTER_MOVE);
  const end = await appendSteps(store, QUESTIONS_AFTER_MOVE);
  return { beforeMove, end };
};
