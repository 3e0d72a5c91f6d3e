import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assessmentRoutes, surveyAnswerResponseSchema, surveyListSchema, surveyViewSchema } from '@portal/assessment/contracts/http';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/client';
import { hasAccessToken } from '../../../shared/session/token-store';
import { assessmentKeys } from './keys';

export type SurveyView = z.infer<typeof surveyViewSchema>;
export type SurveyListItem = z.infer<typeof surveyListSchema>[number];
export type SurveyAnswerResponse = z.infer<typeof surveyAnswerResponseSchema>;

/** Guests (x-guest-id) and signed-in users have their own answers: they never share a cache entry. */
const viewer = (): 'user' | 'guest' => (hasAccessToken() ? 'user' : 'guest');

/** GET /api/survey/:country: a country's public surveys (guests too). */
export const fetchSurveys = (country: string, signal?: AbortSignal) => callRoute(assessmentRoutes.surveys, { params: { country }, signal });

export const surveysQueryOptions = (country: string) =>
  queryOptions({ queryKey: [...assessmentKeys.surveys(country), viewer()] as const, queryFn: ({ signal }) => fetchSurveys(country, signal) });

export const useSurveys = (country: string) => useQuery(surveysQueryOptions(country));

/** GET /api/survey/:country/:surveyPath: a survey with the caller's answers. */
export const fetchSurvey = (country: string, surveyPath: string, signal?: AbortSignal): Promise<SurveyView> =>
  callRoute(assessmentRoutes.survey, { params: { country, surveyPath }, signal });

export const surveyQueryOptions = (country: string, surveyPath: string) =>
  queryOptions({ queryKey: [...assessmentKeys.survey(country, surveyPath), viewer()] as const, queryFn: ({ signal }) => fetchSurvey(country, surveyPath, signal) });

export const useSurvey = (country: string, surveyPath: string) => useQuery(surveyQueryOptions(country, surveyPath));

/** POST /api/survey/:country/:surveyPath: one answer (guests too); failures are silent (000 §8). */
export const answerSurvey = (vars: { country: string; surveyPath: string; questionId: string; answerId: string; secondsToAnswer: number }): Promise<SurveyAnswerResponse> =>
  callRoute(assessmentRoutes.answerSurvey, {
    params: { country: vars.country, surveyPath: vars.surveyPath },
    body: { questionId: vars.questionId, answerId: vars.answerId, secondsToAnswer: vars.secondsToAnswer, context: 'nps' },
  });

export const useAnswerSurvey = (country: string, surveyPath: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['assessment', 'survey-answer', country, surveyPath] as const,
    mutationFn: answerSurvey,
    onSuccess: (answer) => {
      // the answer says what comes next: show it. No refetch now: a read that came back before
      // the answer reached the read model (its wait for x-min-position is bounded) would put the
      // answered question back on screen; the survey is marked stale for its next mount instead.
      client.setQueryData(surveyQueryOptions(country, surveyPath).queryKey, (survey) =>
        survey
          ? {
              ...survey,
              answers: [...survey.answers.filter((a) => a.questionId !== answer.questionId), { questionId: answer.questionId, answerId: answer.answerId, answeredAt: answer.answeredAt }],
              nextQuestionId: answer.nextQuestionId,
              completed: answer.completed,
            }
          : survey,
      );
      return client.invalidateQueries({ queryKey: assessmentKeys.survey(country, surveyPath), refetchType: 'none' });
    },
    onError: (error) => console.warn('Survey answer not saved', error),
  });
};
