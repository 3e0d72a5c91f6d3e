import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assessmentRoutes, npsStateSchema, type AnswerResult } from '@portal/assessment/contracts/http';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/client';
import { assessmentKeys, invalidateAfterAnswer } from './keys';

export type NpsState = z.infer<typeof npsStateSchema>;

/** GET /api/questions/nps: AV1 then AV2 with the caller's answers (000 §4.8). */
export const fetchNps = (signal?: AbortSignal): Promise<NpsState> => callRoute(assessmentRoutes.nps, { signal });

export const npsQueryOptions = () => queryOptions({ queryKey: assessmentKeys.nps(), queryFn: ({ signal }) => fetchNps(signal) });

export const useNps = (enabled = true) => useQuery({ ...npsQueryOptions(), enabled });

/** One NPS answer (context nps). The caller swallows failures (000 §8: silent). */
export const answerNps = (vars: { questionId: string; answerId: string; secondsToAnswer: number }): Promise<AnswerResult> =>
  callRoute(assessmentRoutes.submitAnswer, { body: { ...vars, context: 'nps', origin: 'web' } });

export const useAnswerNps = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['assessment', 'nps-answer'] as const,
    mutationFn: answerNps,
    // the next question (AV2 after AV1) shows at once from the answer, then everything is reloaded
    onSuccess: (result) => {
      client.setQueryData(npsQueryOptions().queryKey, (state) =>
        state
          ? {
              ...state,
              questions: state.questions.map((q) => (q.question.questionId === result.answer.questionId ? { ...q, answer: result.answer, canAnswer: result.canRetry } : q)),
              nextQuestionId: result.nextNpsQuestionId,
              completed: result.nextNpsQuestionId === null,
            }
          : state,
      );
      return invalidateAfterAnswer(client);
    },
    onError: (error) => console.warn('NPS answer not saved', error),
  });
};
