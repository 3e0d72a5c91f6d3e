import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { isLocale, LOCALES, type Locale } from '@portal/kernel';
import { loadAppConfig } from '../config/app-config';
import { pageHost, serverScope } from '../ssr/scope';
import { detectLocale, LOCALE_COOKIE, localeCookieString, readCookie } from './detect-locale';
import { forcedLocaleForHost } from './locale-rules';
import { DEFAULT_NAMESPACE, isAppNamespace, type AppNamespace } from './namespaces';

export const i18n = i18next.createInstance();

/** The instance a render reads: the request's on the server (one per request, ADR 0090), the page's in the browser. */
export const activeI18n = () => serverScope()?.i18n ?? i18n;

/** The locale a server-rendered document was drawn in: the page starts in it, so hydration matches (ADR 0090). */
let documentLocale: Locale | undefined;
export const adoptDocumentLocale = (locale: Locale): void => {
  documentLocale = locale;
};

/** A locale's files, fetched the first time a screen needs one (two chunks per locale: the learners' and the staff's, vite.config.ts). */
const loadLocaleFile = (language: string, namespace: string): Promise<unknown> => {
  if (!isLocale(language) || !isAppNamespace(namespace)) {
    return Promise.reject(new Error(`No locale file ${language}/${namespace}`));
  }
  return import(`../../locales/${language}/${namespace}.json`);
};

const browserLanguages = (): readonly string[] => {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages && navigator.languages.length > 0 ? navigator.languages : [navigator.language];
};

const applyToDocument = (language: string): void => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
};

export const currentLocale = (): Locale => serverScope()?.locale ?? (isLocale(i18n.language) ? i18n.language : detectLocale({}));

/** The i18n_lang cookie as stored (undefined without one). */
export const readLocaleCookie = (): string | undefined => (typeof document === 'undefined' ? undefined : readCookie(document.cookie, LOCALE_COOKIE));

let forced: Locale | undefined;

/** The locale the domain forces (the Spanish domain: es), if any; known once initI18n resolved. */
export const forcedLocale = (): Locale | undefined => {
  const scope = serverScope();
  return scope ? forcedLocaleForHost(scope.host, scope.appConfig.domains.spanish) : forced;
};

/** The Spanish domain (app-config domains.spanish) forces es (000 §4.11); the settings also name the product. */
const detectForcedLocale = async (): Promise<{ forced: Locale | undefined; product: string }> => {
  try {
    const config = await loadAppConfig();
    return { forced: forcedLocaleForHost(pageHost(), config.domains.spanish), product: config.productName };
  } catch (error) {
    // the settings did not answer (a deploy in progress): the default locale rules and name
    console.warn(error);
    return { forced: undefined, product: DEFAULT_PRODUCT };
  }
};

/** Shown until app-config answers: the server's default PRODUCT_NAME (identity contracts' DEFAULT_PRODUCT_NAME). */
const DEFAULT_PRODUCT = 'Portal Agro';

let ready: Promise<void> | undefined;

/**
 * Starts i18next on the locale of 000 §4.11 (once); `common` and `errors` load before the
 * first screen renders, feature namespaces with their routes.
 */
export const initI18n = (): Promise<void> => {
  if (serverScope()) return Promise.resolve();
  ready ??= start();
  return ready;
};

/** The locale of the cookie and the browser's languages (the domain may still force another). */
const detectedLocale = (): Locale => documentLocale ?? detectLocale({ cookie: readLocaleCookie(), browserLanguages: browserLanguages() });

const start = async (): Promise<void> => {
  const detected = detectedLocale();
  // The build puts a locale's namespaces, the staff's aside, in one file (vite.config.ts): it is on
  // its way while the settings tell whether this domain forces another locale.
  void loadLocaleFile(detected, DEFAULT_NAMESPACE).catch(() => undefined);
  const settings = await detectForcedLocale();
  forced = settings.forced;
  const locale = forced ?? detected;
  i18n.on('languageChanged', applyToDocument);
  await i18n
    .use(resourcesToBackend(loadLocaleFile))
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: LOCALES,
      // Every locale is complete (locales.unit.spec.ts), so no other language is fetched.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [DEFAULT_NAMESPACE, 'errors'],
      defaultNS: DEFAULT_NAMESPACE,
      // Error codes contain "/" (app/offline) and never ":" or ".".
      nsSeparator: ':',
      keySeparator: '.',
      // {{product}} in any string is the product's one name from app-config (PRODUCT_NAME, issue 13)
      interpolation: { escapeValue: false, defaultVariables: { product: settings.product } },
      returnNull: false,
      react: { useSuspense: true },
    });
  applyToDocument(i18n.language);
};

/** The user's explicit choice: remembered in the i18n_lang cookie for 365 days. */
export const saveLocaleChoice = (locale: Locale): void => {
  document.cookie = localeCookieString(locale, window.location.protocol === 'https:');
};

/** An explicit choice: remembered in the cookie, then shown (no-op on a forced domain). */
export const changeLocale = async (locale: Locale): Promise<void> => {
  if (forced) return;
  saveLocaleChoice(locale);
  await i18n.changeLanguage(locale);
};

/** Shows a locale for this page only (an e-mail link's language), without remembering it. */
export const showLocale = async (locale: Locale): Promise<void> => {
  if (forced || locale === i18n.language) return;
  await i18n.changeLanguage(locale);
};

/**
 * Loader helper: a route's namespaces are fetched with its code, not after it renders. Their
 * file is asked for at once in the locale the page will most likely show, not after i18next
 * has started (that waited for the settings and the first file: one more round trip for a
 * screen whose strings are in the second file, ADR 0013); i18next then takes it from there.
 */
export const loadNamespaces = async (...namespaces: AppNamespace[]): Promise<void> => {
  // the server's instances hold every namespace from the start
  if (serverScope()) return;
  const likely = isLocale(i18n.language) ? i18n.language : detectedLocale();
  for (const namespace of namespaces) void loadLocaleFile(likely, namespace).catch(() => undefined);
  await initI18n();
  await i18n.loadNamespaces(namespaces);
};
