import type { QueryBus } from '@nestjs/cqrs';
import { assessmentRoutes } from '@portal/assessment/contracts/http';
import { ListSurveysQuery, ViewSurveyQuery } from '@portal/assessment/application';
import { bookingRoutes } from '@portal/booking/contracts/http';
import { ListCountriesQuery, ListLocationsQuery } from '@portal/booking/application';
import { engagementRoutes } from '@portal/engagement/contracts/http';
import { GetPageQuery, ListPagesQuery } from '@portal/engagement/application';
import { identityRoutes } from '@portal/identity/contracts/http';
import { GetUserDataQuery } from '@portal/identity/application';
import { DEFAULT_LOCALE, isLocale, type Principal } from '@portal/kernel';
import { learningRoutes } from '@portal/learning/contracts/http';
import { GetJourneyQuery, GetStationQuery, GetTrainingQuery, ResolveRouteQuery, requireActivePrincipal } from '@portal/learning/application';
import { scoringRoutes } from '@portal/scoring/contracts/http';
import { VerifyCertificateQuery } from '@portal/scoring/application';
import { requireUser, type AppConfig, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { appConfigAnswer } from '../app-config.controller.js';
import { toErrorBody } from '../http/error.filter.js';

/** What a read needs: who asks (the document cookie's user), the path's params and the query. */
interface ReadInput {
  principal: Principal | undefined;
  params: Record<string, string>;
  query: Record<string, unknown>;
  req: PortalRequest;
}

interface DocumentRead {
  route: { method: string; path: string; query?: z.ZodType; params?: z.ZodType };
  run: (input: ReadInput) => Promise<unknown> | unknown;
}

const langOf = (value: unknown) => (typeof value === 'string' && isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * The API reads a server-rendered first screen makes (ADR 0090), answered in-process by the same
 * query handlers and access rules as their HTTP routes (the controllers' one line each): no HTTP to
 * itself. A read not listed here is refused, and the document leaves it to the browser.
 */
export const documentReads = (queries: QueryBus, config: AppConfig): DocumentRead[] => [
  { route: identityRoutes.appConfig, run: () => appConfigAnswer(config) },
  // @Authorized({ allowIncomplete: true })
  { route: identityRoutes.userData, run: ({ principal, req }) => queries.execute(new GetUserDataQuery(requireUser(principal).userId, req)) },
  // @Public()
  { route: bookingRoutes.countries, run: ({ query, req }) => queries.execute(new ListCountriesQuery(langOf(query['lang']), req)) },
  { route: engagementRoutes.pages, run: ({ query }) => queries.execute(new ListPagesQuery(query['section'] as never, langOf(query['lang']))) },
  { route: engagementRoutes.page, run: ({ params, query }) => queries.execute(new GetPageQuery(params['section'] as never, params['slug'] ?? '', langOf(query['lang']))) },
  { route: scoringRoutes.verify, run: ({ params }) => queries.execute(new VerifyCertificateQuery(params['code'] ?? '')) },
  // @GuestOrUser(): a country's surveys are the same for everyone; a survey carries the caller's
  // answers, and a guest's (x-guest-id) live in the browser: read for a signed-in user only
  { route: assessmentRoutes.surveys, run: ({ params }) => queries.execute(new ListSurveysQuery(params['country'] ?? '')) },
  { route: assessmentRoutes.survey, run: ({ principal, params, req }) => (requireUser(principal), queries.execute(new ViewSurveyQuery(params['country'] ?? '', params['surveyPath'] ?? '', req))) },
  {
    route: bookingRoutes.locations,
    run: ({ query, req }) => queries.execute(new ListLocationsQuery({ ...(typeof query['country'] === 'string' ? { country: query['country'] } : {}), activeOnly: true }, req)),
  },
  // @Authorized()
  { route: learningRoutes.training, run: ({ principal, req }) => queries.execute(new GetTrainingQuery(requireActivePrincipal(principal), req)) },
  { route: learningRoutes.journey, run: ({ principal, req }) => queries.execute(new GetJourneyQuery(requireActivePrincipal(principal), req)) },
  // @GuestOrUser(): a document is rendered for a signed-in user only (a guest's has no principal here: refused)
  { route: learningRoutes.route, run: ({ principal, query, req }) => queries.execute(new ResolveRouteQuery(requireActivePrincipal(principal), String(query['path'] ?? ''), req)) },
  { route: learningRoutes.station, run: ({ principal, params, req }) => queries.execute(new GetStationQuery(requireActivePrincipal(principal), params['stationId'] ?? '', req)) },
];

const patternOf = (path: string): RegExp => new RegExp(`^${path.replace(/:([A-Za-z0-9_]+)/g, '(?<$1>[^/]+)')}$`);

const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The reader a document render is given: `GET /api/...` as the SPA's client would send it, parsed
 * with the route's own schemas, run in-process, answered as a Response the client parses as usual.
 */
export function documentReader(reads: DocumentRead[], principal: Principal | undefined, req: PortalRequest): (method: string, path: string) => Promise<Response> {
  const table = reads.map((read) => ({ read, pattern: patternOf(read.route.path) }));
  return async (method, fullPath) => {
    const url = new URL(fullPath, 'http://document.local');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const match = method === 'GET' ? table.map((t) => ({ t, m: t.pattern.exec(path) })).find((x) => x.m) : undefined;
    if (!match) return json(404, { statusCode: 404, code: '404', message: 'Not read by the server render' });
    const { read } = match.t;
    const raw = Object.fromEntries(url.searchParams);
    const parsed = read.route.query ? read.route.query.safeParse(raw) : { success: true as const, data: raw };
    if (!parsed.success) return json(400, { statusCode: 400, code: '400', message: 'Invalid query' });
    const { data } = parsed;
    const query: Record<string, unknown> = typeof data === 'object' && data !== null ? Object.fromEntries(Object.entries(data)) : {};
    const rawParams = Object.fromEntries(Object.entries(match.m!.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
    // the route's own params schema, as its controller's ZodParams applies it (a country upper-cased)
    const parsedParams = read.route.params ? read.route.params.safeParse(rawParams) : { success: true as const, data: rawParams };
    if (!parsedParams.success) return json(400, { statusCode: 400, code: '400', message: 'Invalid params' });
    const { data: paramValues } = parsedParams;
    const params: Record<string, string> = typeof paramValues === 'object' && paramValues !== null ? Object.fromEntries(Object.entries(paramValues).map(([k, v]) => [k, String(v)])) : {};
    try {
      return json(200, await read.run({ principal, params, query, req }));
    } catch (error) {
      const body = toErrorBody(error);
      return json(body.statusCode, body);
    }
  };
}
