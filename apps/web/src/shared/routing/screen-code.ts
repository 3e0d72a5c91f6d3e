import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Asks for the code of every route the location matches (their `lazy` modules) at once. The
 * router does the same when its first navigation runs, a task later than the calls `main.tsx`
 * starts for the session, the settings and the translations: asked for here, the screen's files
 * travel beside those answers instead of after them (ADR 0013). The router's own `import()` of the
 * same module then joins this request. A failure is left to the router, which reports it.
 */
export function requestScreenCode(routes: RouteObject[], location: { pathname: string }): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}

/**
 * Before hydrating a server-rendered document (ADR 0090): the matched routes' lazy modules are
 * loaded and merged into their route objects, so the router's first render draws the screens the
 * server drew instead of its HydrateFallback (react-router's guidance for lazy routes with SSR).
 */
export async function resolveScreenCode(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(async (match) => {
      const lazy = match.route.lazy;
      if (typeof lazy !== 'function') return;
      const module = await lazy();
      Object.assign(match.route, { ...module, lazy: undefined });
    }),
  );
}
