import { assessmentRoutes } from '@portal/assessment/contracts';
import { scoringRoutes } from '@portal/scoring/contracts';

/**
 * The assessment and scoring contracts write path parameters as `{name}` (OpenAPI style); the
 * shared client fills `:name` segments. Same routes, same schemas, colon paths.
 */
export const colonPath = (path: string): string => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

const withColonPaths = <T extends Record<string, { path: string }>>(routes: T): T =>
  Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, path: colonPath(route.path) }])) as T;

export const assessmentApi = withColonPaths(assessmentRoutes);
export const scoringApi = withColonPaths(scoringRoutes);
