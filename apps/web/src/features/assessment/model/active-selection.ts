/**
 * Adaptive learning (000 §4.3): the active station is the first detail item, the active
 * question the first unanswered one, otherwise the first; only ids in the list are accepted.
 * The server applies the same rule to `?stationId&questionId`; the page applies it to the URL
 * so a stale or foreign id never selects anything.
 */

/** The requested id when it is in the list, else the first item's; null for an empty list. */
export const activeStationId = (items: readonly { stationId: string }[], requested: string | null | undefined): string | null => {
  if (requested && items.some((item) => item.stationId === requested)) return requested;
  return items[0]?.stationId ?? null;
};

interface AnswerableQuestion {
  question: { questionId: string };
  answer: unknown;
}

/** The requested id when it is in the list, else the first unanswered question, else the first. */
export const activeQuestionId = (questions: readonly AnswerableQuestion[], requested: string | null | undefined): string | null => {
  if (requested && questions.some((q) => q.question.questionId === requested)) return requested;
  const unanswered = questions.find((q) => q.answer === null || q.answer === undefined);
  return (unanswered ?? questions[0])?.question.questionId ?? null;
};

/** A URL id worth sending to the server: only one that is in the list. */
export const acceptedId = (ids: readonly string[], requested: string | null | undefined): string | undefined =>
  requested && ids.includes(requested) ? requested : undefined;
