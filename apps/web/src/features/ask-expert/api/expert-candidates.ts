import { queryOptions } from '@tanstack/react-query';
import { userDirectoryRoutes } from '@portal/identity/contracts/user-directory.http';
import { callRoute } from '../../../shared/api/client';
import { ASK_EXPERT_QUERIES } from './ask-expert';

/**
 * GET /api/manage-users/find?q: people to make experts (identity's directory; manage_all_companies
 * sees everyone with an account). Apart from ask-expert.ts, which the learner's answer notices load
 * on every signed-in page, so that they do not carry identity's directory contract (ADR 0013).
 */
export const expertCandidatesQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...ASK_EXPERT_QUERIES, 'candidates', text] as const,
    queryFn: async ({ signal }) => (await callRoute(userDirectoryRoutes.findUsers, { query: { q: text, limit: 10 }, signal })).items.filter((u) => u.hasAccount),
    enabled: text.trim().length >= 2,
    staleTime: 30_000,
  });
