import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AppConfigResponse } from '@portal/identity/contracts/http';
import { LOCALES, type Locale } from '@portal/kernel';
import { AppProviders } from './app/app';
import { routes } from './app/router';
import { createQueryClient } from './shared/api/query-client';
import { userDataQueryOptions } from './shared/api/user-data';
import { detectLocale, LOCALE_COOKIE, readCookie } from './shared/i18n/detect-locale';
import { forcedLocaleForHost, headBranding } from './shared/i18n/locale-rules';
import { userDataSchema, type UserData } from '@portal/identity/contracts/http';
import { NAMESPACES, DEFAULT_NAMESPACE } from './shared/i18n/namespaces';
import { claimsFromPayload } from './shared/session/claims';
import { documentTitle } from './shared/ui/page-head';
import { installScopeSource, type HydrationPayload, type RequestScope } from './shared/ssr/scope';

/**
 * The server's half of the first document (ADR 0090): the API process imports this bundle
 * (`apps/web/dist-server/entry-server.js`, built by `vite build --ssr`) and calls `render` for a
 * document request. The same `routes` as the browser's run their loaders through react-router's
 * static handler; the modules that keep page state read the request's scope meanwhile.
 */

const scopes = new AsyncLocalStorage<RequestScope>();
installScopeSource(() => scopes.getStore());

// every namespace of every locale, in the bundle: a server instance never fetches a file
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(files)) {
  const [, locale, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!locale || !namespace) continue;
  (resources[locale] ??= {})[namespace] = module.default;
}

/** One initialised instance per locale and product name; each request renders with its own clone. */
const bases = new Map<string, I18n>();
const i18nFor = (locale: Locale, product: string): I18n => {
  const key = `${locale}\u0000${product}`;
  let base = bases.get(key);
  if (!base) {
    base = i18next.createInstance();
    void base.use(initReactI18next).init({
      lng: locale,
      supportedLngs: LOCALES,
      resources,
      initAsync: false,
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      nsSeparator: ':',
      keySeparator: '.',
      interpolation: { escapeValue: false, defaultVariables: { product } },
      returnNull: false,
      react: { useSuspense: true },
    });
    bases.set(key, base);
  }
  return base.cloneInstance({ lng: locale });
};

export interface RenderInput {
  /** The document's absolute URL. */
  url: string;
  headers: Record<string, string>;
  /** The verified document token's payload, or null when signed out. */
  claims: Record<string, unknown> | null;
  appConfig: AppConfigResponse;
  read: RequestScope['read'];
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'document'; status: number; lang: Locale; title: string; description: string; html: string; payload: HydrationPayload };

const escapeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The hydration payload as the body of a `<script type="application/json">` (no code runs from it). */
export const payloadScript = (payload: HydrationPayload, id: string): string => `<script type="application/json" id="${id}">${escapeJson(payload)}</script>`;

const settle = async (scope: RequestScope): Promise<void> => {
  // loaders that start a query without awaiting it (the booking start's countries): the document
  // waits for what is already on its way, so it shows what the browser's first render will show
  const cache = scope.queryClient.getQueryCache();
  for (let i = 0; i < 50 && scope.queryClient.isFetching() > 0; i += 1) {
    await Promise.all(cache.findAll({ fetchStatus: 'fetching' }).map((q) => q.promise?.catch(() => undefined)));
  }
  // a failed read is left to the browser: the document shows it as not loaded yet, as the client will
  scope.queryClient.removeQueries({ predicate: (q) => q.state.status !== 'success' });
};

const renderHtml = (element: React.ReactNode): Promise<string> =>
  new Promise((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // Every boundary is complete when the document is sent (onAllReady), so none is streamed out
      // of order: React would otherwise outline large ones with inline scripts, which the CSP
      // (script-src 'self') refuses, leaving them hidden and the client to render them again.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failed) return;
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError(error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        // an error inside a Suspense boundary would be rendered by the client instead: fall back
        failed = error;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), 5000).unref();
  });

/**
 * Renders one document. A redirect of a loader (a guard) is returned as such; a route error (a
 * loader that threw) is thrown, so the API falls back to the shell document (ADR 0090).
 */
export async function render(input: RenderInput): Promise<RenderResult> {
  const claims = input.claims ? (claimsFromPayload(input.claims) ?? null) : null;
  const host = new URL(input.url).host;
  // the profile first: its language decides the document's (and the home screen reads it anyway)
  const user = claims ? await readUserData(input) : undefined;
  const locale = documentLocale(input.headers, host, input.appConfig, user?.lang);
  const queryClient = createQueryClient();
  if (user) queryClient.setQueryData(userDataQueryOptions().queryKey, user);
  const scope: RequestScope = {
    queryClient,
    i18n: i18nFor(locale, input.appConfig.productName),
    locale,
    claims,
    appConfig: input.appConfig,
    host,
    read: input.read,
    head: { current: null },
  };
  return scopes.run(scope, async () => {
    const handler = createStaticHandler(routes);
    const request = new Request(input.url, { headers: input.headers });
    const context = await handler.query(request);
    if (context instanceof Response) {
      const location = context.headers.get('location');
      if (context.status >= 300 && context.status < 400 && location) return { kind: 'redirect', status: context.status, location };
      throw new Error(`a loader answered ${context.status}`);
    }
    if (context.errors) throw errorOf(context);
    await settle(scope);
    const router = createStaticRouter(handler.dataRoutes, context);
    const queries = dehydrate(scope.queryClient);
    const html = await renderHtml(
      <StrictMode>
        <AppProviders queries={queries}>
          {/* the router's data goes in the JSON payload: its own hydration script is inline code, which the CSP refuses */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    const { brand, lng } = headBranding(claims?.country, locale);
    const t = scope.i18n.getFixedT(lng, 'common');
    return {
      kind: 'document',
      status: context.statusCode,
      lang: locale,
      title: documentTitle(scope.head.current, t(`branding.${brand}.title`)),
      description: scope.head.current?.description || t(`branding.${brand}.description`),
      html,
      payload: {
        locale: locale,
        appConfig: input.appConfig,
        claims,
        queries,
        namespaces: scope.i18n.reportNamespaces?.getUsedNamespaces() ?? [...NAMESPACES],
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      },
    };
  });
}

const errorOf = (context: StaticHandlerContext): Error => {
  const first = Object.values(context.errors ?? {})[0];
  if (first instanceof Error) return first;
  return new Error(`a route answered an error: ${JSON.stringify(first)?.slice(0, 200)}`);
};

const readUserData = async (input: RenderInput): Promise<UserData | undefined> => {
  const response = await input.read('GET', '/api/userData');
  if (!response.ok) return undefined;
  const parsed = userDataSchema.safeParse(await response.json());
  return parsed.success ? parsed.data : undefined;
};

/** Accept-Language's tags, most preferred first. */
const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag.length > 0 && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);

/**
 * 000 §4.11 on the server: the Spanish domain forces es; else the i18n_lang cookie, then the
 * profile's language, then Accept-Language, then pt-BR.
 */
export const documentLocale = (headers: Record<string, string>, host: string, config: AppConfigResponse, profileLang: string | null | undefined): Locale => {
  const forced = forcedLocaleForHost(host, config.domains.spanish);
  if (forced) return forced;
  const cookie = readCookie(headers['cookie'] ?? '', LOCALE_COOKIE);
  return detectLocale({ cookie: cookie ?? null, browserLanguages: [profileLang, ...acceptedLanguages(headers['accept-language'])] });
};
