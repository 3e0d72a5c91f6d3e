import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { AppConfigResponse } from '@portal/identity/contracts/http';
import type { Locale } from '@portal/kernel';
import type { AuthClaims } from '../session/claims';

/**
 * What a server-rendered document request knows (ADR 0090). The browser has one page, so the
 * SPA keeps its state in modules (the session, the query client, i18next, the settings); the
 * server renders many requests at once in one process, so while a render runs those modules
 * read this request's scope instead (`entry-server.tsx` keeps it in an AsyncLocalStorage).
 * In the browser there is never a scope and every module works as before.
 */
/** A screen's own head data: its title (shown before the branding's) and description (`usePageHead`). */
export interface PageHead {
  title: string;
  description?: string | undefined;
}

export interface RequestScope {
  readonly queryClient: QueryClient;
  readonly i18n: I18n;
  readonly locale: Locale;
  /** The signed-in user's claims (from the verified document cookie), or null. */
  readonly claims: AuthClaims | null;
  readonly appConfig: AppConfigResponse;
  /** The request's host (the Spanish domain, the Argentina rule). */
  readonly host: string;
  /** An API read answered in-process (the same query handlers as the HTTP routes), never over HTTP. */
  readonly read: (method: string, path: string) => Promise<Response>;
  /** The rendered screen's title and description (`usePageHead`), for the document's head. */
  readonly head: { current: PageHead | null };
}

let current: () => RequestScope | undefined = () => undefined;

/** The server entry installs how to find the running request's scope. */
export const installScopeSource = (source: () => RequestScope | undefined): void => {
  current = source;
};

/** The request being rendered on the server; undefined in the browser. */
export const serverScope = (): RequestScope | undefined => current();

/** The host of the page: the request's on the server, the window's in the browser. */
export const pageHost = (): string => serverScope()?.host ?? window.location.host;

/**
 * What the server hands to the browser in the document (a JSON script, no inline code: the CSP
 * allows none), so that the first client render equals the server's: the router's loader data,
 * the dehydrated queries, the locale, the settings and the signed-in user's claims (never a token).
 */
export interface HydrationPayload {
  locale: Locale;
  appConfig: AppConfigResponse;
  claims: AuthClaims | null;
  queries: unknown;
  /** The namespaces the server's render read: loaded before hydrating. */
  namespaces: string[];
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null; errors: Record<string, unknown> | null };
}

export const HYDRATION_ELEMENT_ID = 'portal-ssr';
