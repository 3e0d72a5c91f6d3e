import type { QuestionsProgress } from '@portal/learning/contracts/http';

/**
 * What a station's questions still need (000 §4.3, §8): all answered when mandatoryAnswerAll,
 * and at least minCorrectAnswers correct. null when the requirements are met (or there is no
 * progress: inactive config or no questions).
 */
export type QuestionsLock = { key: 'lockState.incompleteQuestionsMessage' } | { key: 'lockState.minCorrectAnswersMessage'; minAnswers: number };

export const questionsLock = (progress: QuestionsProgress): QuestionsLock | null => {
  if (!progress || progress.requirementsMet) return null;
  if (progress.mandatoryAnswerAll && !progress.isComplete) return { key: 'lockState.incompleteQuestionsMessage' };
  if (progress.correct < progress.minCorrectAnswers) return { key: 'lockState.minCorrectAnswersMessage', minAnswers: progress.minCorrectAnswers };
  return { key: 'lockState.incompleteQuestionsMessage' };
};
