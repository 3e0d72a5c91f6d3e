import { keepPreviousData, mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { engagementRoutes, type AskExpertRequest, type ExpertQueueQuery } from '@portal/engagement/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { useAccountReady } from '../../../shared/session/use-session';

/** Every query of ask the expert starts with this key (ADR 0009 §8: invalidate through the factories). */
export const ASK_EXPERT_QUERIES = ['ask-expert'] as const;
export const QUEUE_PAGE_SIZE = 20;

/** GET /api/expert/themes?lang: active themes with their active sub-themes. */
export const expertThemesQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: [...ASK_EXPERT_QUERIES, 'themes', lang] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.expertThemes, { query: { lang }, signal }),
    staleTime: 5 * 60_000,
  });

/** GET /api/expert/questions?lang: the caller's questions with their answers. */
export const myQuestionsQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: [...ASK_EXPERT_QUERIES, 'mine', lang] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.myExpertQuestions, { query: { lang }, signal }),
  });

/** GET /api/expert/me: the caller's expert themes, open questions in them, unseen answers (the menu). */
export const expertMeQueryOptions = () =>
  queryOptions({
    queryKey: [...ASK_EXPERT_QUERIES, 'me'] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.expertMe, { signal }),
    staleTime: 60_000,
  });

export const useExpertMe = () => useQuery({ ...expertMeQueryOptions(), enabled: useAccountReady() });

/** GET /api/expert/queue: one page of the expert's queue. */
export const expertQueueQueryOptions = (query: ExpertQueueQuery) =>
  queryOptions({
    queryKey: [...ASK_EXPERT_QUERIES, 'queue', query] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.expertQueue, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/expert/experts?themeId: experts and their themes (manage_all_companies). */
export const expertsQueryOptions = (themeId: string | null) =>
  queryOptions({
    queryKey: [...ASK_EXPERT_QUERIES, 'experts', themeId] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.expertAssignments, { query: themeId ? { themeId } : {}, signal }),
  });

/** After any write or a realtime notice: everything of the feature is read again. */
export const invalidateAskExpert = (client: QueryClient) => client.invalidateQueries({ queryKey: ASK_EXPERT_QUERIES });

const useInvalidation = () => {
  const client = useQueryClient();
  return { onSuccess: () => invalidateAskExpert(client) };
};

export const askExpertMutationOptions = () =>
  mutationOptions({ mutationKey: [...ASK_EXPERT_QUERIES, 'ask'] as const, mutationFn: (body: AskExpertRequest) => callRoute(engagementRoutes.askExpert, { body }) });
export const useAskExpert = () => useMutation({ ...askExpertMutationOptions(), ...useInvalidation() });

export const useWithdrawQuestion = () =>
  useMutation({
    mutationKey: [...ASK_EXPERT_QUERIES, 'withdraw'] as const,
    mutationFn: (questionId: string) => callRoute(engagementRoutes.withdrawExpertQuestion, { params: { questionId } }),
    ...useInvalidation(),
  });

/** POST /api/expert/questions/seen: the learner has the answers in front of them. */
export const markAnswersSeen = () => callRoute(engagementRoutes.markExpertAnswersSeen, {});

export const useClaimQuestion = () =>
  useMutation({
    mutationKey: [...ASK_EXPERT_QUERIES, 'claim'] as const,
    mutationFn: (questionId: string) => callRoute(engagementRoutes.claimExpertQuestion, { params: { questionId } }),
    ...useInvalidation(),
  });

export const useAnswerQuestion = () =>
  useMutation({
    mutationKey: [...ASK_EXPERT_QUERIES, 'answer'] as const,
    mutationFn: ({ questionId, response }: { questionId: string; response: string }) => callRoute(engagementRoutes.answerExpertQuestion, { params: { questionId }, body: { response } }),
    ...useInvalidation(),
  });

export const useAssignExpertThemes = () =>
  useMutation({
    mutationKey: [...ASK_EXPERT_QUERIES, 'assign'] as const,
    mutationFn: ({ userId, themeIds }: { userId: string; themeIds: string[] }) => callRoute(engagementRoutes.assignExpertThemes, { params: { userId }, body: { themeIds } }),
    ...useInvalidation(),
  });
