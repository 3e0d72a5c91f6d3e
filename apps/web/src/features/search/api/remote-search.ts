import { engagementRoutes } from '@portal/engagement/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import type { RemoteResult } from '../model/search-model';

/** GET /api/search-api?query&lang: Postgres full-text search over the catalogue (000 §7). */
export const fetchRemoteSearch = (query: string, lang: Locale, signal?: AbortSignal): Promise<RemoteResult[]> =>
  callRoute(engagementRoutes.search, { query: { query: query.trim().slice(0, 200), lang }, signal });
