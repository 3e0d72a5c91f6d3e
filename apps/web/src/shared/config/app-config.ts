import { appConfigResponseSchema, DEFAULT_LEGAL_LINKS, DEFAULT_PRODUCT_NAME, identityRoutes, type AppConfigResponse } from '@portal/identity/contracts/http';
import { API_BASE } from '../api/api-base';
import { takeEarlyAppConfig } from '../api/early-answers';
import { serverScope } from '../ssr/scope';

/**
 * GET /api/app-config: public settings the SPA needs before sign-in (locale domain, the
 * Argentina rule, the dev mailbox hint). Fetched once per page; if the server cannot answer,
 * the portal still works with every special rule off (a production-like default, so no
 * development hint shows by mistake).
 */
export const FALLBACK_APP_CONFIG: AppConfigResponse = {
  version: '',
  envName: '',
  production: true,
  devMailbox: false,
  toggles: { localSearch: false, notifications: false, scheduledEvents: false, scormTest: false, enableSearch: false },
  domains: { spanish: null, brazilUniversity: null },
  argentina: { expectedHost: null, siteUrl: null, stagingHosts: [] },
  verificationResendMinutes: 0,
  productName: DEFAULT_PRODUCT_NAME,
  legalLinks: { ...DEFAULT_LEGAL_LINKS },
};

let loaded: AppConfigResponse | undefined;
let pending: Promise<AppConfigResponse> | undefined;

const fetchAppConfig = async (): Promise<AppConfigResponse> => {
  try {
    // asked by the boot script before the app had loaded, else now (ADR 0013)
    const response = await (takeEarlyAppConfig() ?? fetch(`${API_BASE}${identityRoutes.appConfig.path}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' }));
    if (!response.ok) throw new Error(`app-config answered ${response.status}`);
    const parsed = appConfigResponseSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error('app-config answer does not match the contract');
    return parsed.data;
  } catch (error) {
    console.warn('Using default app settings:', error instanceof Error ? error.message : error);
    return FALLBACK_APP_CONFIG;
  }
};

/** The settings, fetched on first use and kept for the page's life. */
export const loadAppConfig = (): Promise<AppConfigResponse> => {
  const scope = serverScope();
  if (scope) return Promise.resolve(scope.appConfig);
  if (loaded) return Promise.resolve(loaded);
  pending ??= fetchAppConfig().then((config) => {
    loaded = config;
    return config;
  });
  return pending;
};

/** The settings once loaded (the root loader waits for them before any screen renders). */
export const appConfig = (): AppConfigResponse => serverScope()?.appConfig ?? loaded ?? FALLBACK_APP_CONFIG;

/** The settings a server-rendered document was drawn with (ADR 0090): this page does not ask again. */
export const adoptAppConfig = (config: AppConfigResponse): void => {
  loaded = config;
};
