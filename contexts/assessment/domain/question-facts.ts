/** What the deciders need to know of one question revision (handed in by the application layer). */
export interface QuestionFacts {
  questionId: string;
  revision: number;
  hasScore: boolean;
  ignoreScore: boolean;
  allowRetry: boolean;
  postAnswerQuestionId: string | null;
  options: { id: string; isCorrect: boolean; score: number; displayOrder: number }[];
}

/** 000 §5: seconds to answer keep 2 decimals. */
export const roundSeconds = (seconds: number): number => Math.round(Math.max(0, seconds) * 100) / 100;

/** The chosen option's score counts only when the question hasScore. */
export const scoreOf = (q: QuestionFacts, option: { score: number }): number => (q.hasScore ? option.score : 0);
