import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assessmentRoutes, type AnswerRequest, type AnswerResult, type QuestionSet } from '@portal/assessment/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { assessmentKeys, invalidateAfterAnswer } from './keys';

/** GET /api/questions/station/:stationId: a station's questions with the caller's answers and progress. */
export const fetchStationQuestions = (stationId: string, signal?: AbortSignal): Promise<QuestionSet> =>
  callRoute(assessmentRoutes.stationQuestions, { params: { stationId }, signal });

export const stationQuestionsQueryOptions = (stationId: string) =>
  queryOptions({ queryKey: assessmentKeys.stationQuestions(stationId), queryFn: ({ signal }) => fetchStationQuestions(stationId, signal) });

export const useStationQuestions = (stationId: string, enabled = true) => useQuery({ ...stationQuestionsQueryOptions(stationId), enabled });

/** GET /api/questions/entry/:entryId: a content entry's (media) questions with the caller's answers. */
export const fetchEntryQuestions = (entryId: string, signal?: AbortSignal): Promise<QuestionSet> =>
  callRoute(assessmentRoutes.entryQuestions, { params: { entryId }, signal });

export const entryQuestionsQueryOptions = (entryId: string) =>
  queryOptions({ queryKey: assessmentKeys.entryQuestions(entryId), queryFn: ({ signal }) => fetchEntryQuestions(entryId, signal) });

export const useEntryQuestions = (entryId: string, enabled = true) => useQuery({ ...entryQuestionsQueryOptions(entryId), enabled });

/**
 * POST /api/user-store/answer. The body carries no isCorrect or score: the server decides both
 * from the question's revision, and the overlay shows what it answers.
 */
export const submitAnswer = (body: AnswerRequest): Promise<AnswerResult> => callRoute(assessmentRoutes.submitAnswer, { body });

export const submitAnswerMutationOptions = () => mutationOptions({ mutationKey: ['assessment', 'answer'] as const, mutationFn: submitAnswer });

/** Answers, then marks every answer-dependent read stale (scores, certificates, recommendations...). */
export const useSubmitAnswer = () => {
  const client = useQueryClient();
  return useMutation({ ...submitAnswerMutationOptions(), onSuccess: () => invalidateAfterAnswer(client) });
};
