import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsRoutes, type AnswerQuizBody, type AttachQuizBody, type Quiz, type QuizBody, type QuizDateBody, type QuizList, type QuizResult, type QuizToTake, type ScheduledEvent, type ScoreAnswerBody, type ScoredAnswer } from '@portal/events/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { EVENTS_DATA, invalidateEventsData } from './keys';

/** GET /api/quiz: the quiz list (staff). */
export const fetchQuizzes = (signal?: AbortSignal): Promise<QuizList> => callRoute(eventsRoutes.quizzes, { signal });

export const quizzesQueryOptions = () => queryOptions({ queryKey: [...EVENTS_DATA, 'quizzes'] as const, queryFn: ({ signal }) => fetchQuizzes(signal), staleTime: 30_000 });

export const useQuizzes = () => useQuery(quizzesQueryOptions());

/** GET /api/quiz/:id (staff). */
export const fetchQuiz = (quizId: string, signal?: AbortSignal): Promise<Quiz> => callRoute(eventsRoutes.quiz, { params: { id: quizId }, signal });

export const quizQueryOptions = (quizId: string) => queryOptions({ queryKey: [...EVENTS_DATA, 'quiz', quizId] as const, queryFn: ({ signal }) => fetchQuiz(quizId, signal) });

export const useQuiz = (quizId: string) => useQuery(quizQueryOptions(quizId));

/** POST /api/quiz or PUT /api/quiz/:id (tc_admin of Brazil). */
export const saveQuiz = ({ quizId, body }: { quizId: string | null; body: QuizBody }): Promise<Quiz> =>
  quizId ? callRoute(eventsRoutes.updateQuiz, { params: { id: quizId }, body }) : callRoute(eventsRoutes.createQuiz, { body });

/** DELETE /api/quiz/:id. */
export const deleteQuiz = (quizId: string): Promise<void> => callRoute(eventsRoutes.deleteQuiz, { params: { id: quizId } });

/** POST /api/quiz/event {quizId, eventId}: attach a quiz to an event. */
export const attachQuiz = (body: AttachQuizBody): Promise<ScheduledEvent> => callRoute(eventsRoutes.attachQuiz, { body });

/** POST /api/quiz/new-quiz-date {quizId, eventId, opensAt, closesAt}: open an event's quiz for a window. */
export const scheduleQuiz = (body: QuizDateBody): Promise<ScheduledEvent> => callRoute(eventsRoutes.quizDate, { body });

/** POST /api/scheduledEvents/:id/quiz/:quizId/answers/:userId/score: staff score an open answer. */
export const scoreAnswer = ({ eventId, quizId, userId, body }: { eventId: string; quizId: string; userId: string; body: ScoreAnswerBody }): Promise<ScoredAnswer> =>
  callRoute(eventsRoutes.scoreAnswer, { params: { id: eventId, quizId, userId }, body });

const write = <V, R>(name: string, mutationFn: (v: V) => Promise<R>) => mutationOptions({ mutationKey: [...EVENTS_DATA, name] as const, mutationFn });
export const saveQuizMutationOptions = () => write('saveQuiz', saveQuiz);
export const deleteQuizMutationOptions = () => write('deleteQuiz', deleteQuiz);
export const attachQuizMutationOptions = () => write('attachQuiz', attachQuiz);
export const scheduleQuizMutationOptions = () => write('scheduleQuiz', scheduleQuiz);
export const scoreAnswerMutationOptions = () => write('scoreAnswer', scoreAnswer);

/** Every quiz write refetches the feature's data (lists, the event's quizzes, the reports). */
const useQuizWrite = <V, R>(options: ReturnType<typeof write<V, R>>) => {
  const client = useQueryClient();
  return useMutation({ ...options, onSuccess: () => invalidateEventsData(client) });
};

export const useSaveQuiz = () => useQuizWrite(saveQuizMutationOptions());
export const useDeleteQuiz = () => useQuizWrite(deleteQuizMutationOptions());
export const useAttachQuiz = () => useQuizWrite(attachQuizMutationOptions());
export const useScheduleQuiz = () => useQuizWrite(scheduleQuizMutationOptions());
export const useScoreAnswer = () => useQuizWrite(scoreAnswerMutationOptions());

/** GET /api/scheduledEvents/:id/quiz/:quizId?lang: the quiz to answer (my language's questions, nothing that tells what is right). */
export const fetchQuizToTake = (eventId: string, quizId: string, lang: Locale, signal?: AbortSignal): Promise<QuizToTake> =>
  callRoute(eventsRoutes.takeQuiz, { params: { id: eventId, quizId }, query: { lang }, signal });

export const quizToTakeQueryOptions = (eventId: string, quizId: string, lang: Locale) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'take', eventId, quizId, lang] as const, queryFn: ({ signal }) => fetchQuizToTake(eventId, quizId, lang, signal) });

export const useQuizToTake = (eventId: string, quizId: string, lang: Locale) => useQuery(quizToTakeQueryOptions(eventId, quizId, lang));

/** POST /api/scheduledEvents/:id/quiz/:quizId/answer: once, inside the window, after checking in. */
export const answerQuiz = ({ eventId, quizId, body }: { eventId: string; quizId: string; body: AnswerQuizBody }): Promise<QuizResult> =>
  callRoute(eventsRoutes.answerQuiz, { params: { id: eventId, quizId }, body });

export const answerQuizMutationOptions = () => write('answerQuiz', answerQuiz);
export const useAnswerQuiz = () => useQuizWrite(answerQuizMutationOptions());
