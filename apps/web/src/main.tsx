import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { App } from './app/app';
import { createAppRouter, routes } from './app/router';
import { markAppStarted } from './shared/api/early-answers';
import { queryClient, setUnauthorizedHandler } from './shared/api/query-client';
import { adoptAppConfig, loadAppConfig } from './shared/config/app-config';
import { adoptDocumentLocale, i18n, initI18n } from './shared/i18n/i18n';
import { isAppNamespace } from './shared/i18n/namespaces';
import { isChunkLoadError, reloadAfterChunkError } from './shared/routing/chunk-reload';
import { requestScreenCode, resolveScreenCode } from './shared/routing/screen-code';
import { bootstrapSession } from './shared/session/refresh';
import { clearAccessToken, onRemoteSessionChange, removeLegacyToken, setProvisionalClaims } from './shared/session/token-store';
import { HYDRATION_ELEMENT_ID, type HydrationPayload } from './shared/ssr/scope';

markAppStarted();
removeLegacyToken();
// A document the server rendered (ADR 0090) says what it was drawn with: the page starts from it,
// so that its first render equals the server's, and hydrates instead of rendering anew.
const ssr = readHydrationPayload();
if (ssr) {
  adoptDocumentLocale(ssr.locale);
  adoptAppConfig(ssr.appConfig);
  setProvisionalClaims(ssr.claims);
}
// What every first screen waits for is asked for now, side by side with the screen's code: the
// session (refresh cookie), the settings and the translations (ADR 0013). The boot script
// (boot/boot.ts) sent the refresh, the profile and the settings before this file had loaded;
// these calls take its answers.
void bootstrapSession();
void loadAppConfig();
void initI18n();
requestScreenCode(routes, window.location);
// The start is a function, not top-level code: a top-level await in the entry makes the bundler
// give every dynamically imported locale file a facade chunk of its own (eight more requests on
// /home's first load, counted by first-wave-budget.e2e.spec.ts).
async function start(): Promise<void> {
  if (ssr) {
    // the strings and the screens' code the server drew with, before the router is made (it copies
    // the route objects) and before the first render
    await Promise.all([initI18n().then(() => i18n.loadNamespaces(ssr.namespaces.filter(isAppNamespace))), resolveScreenCode(routes, window.location)]);
  }
  const router = createAppRouter(ssr ? { loaderData: ssr.router.loaderData, actionData: ssr.router.actionData, errors: ssr.router.errors } : undefined);

  // A 401 on any later call (after the client's one refresh on id-token-expired) means the
  // session ended: drop the token and re-run the current route's guards, which send the user
  // to sign-in with `next` where the screen needs it.
  setUnauthorizedHandler(() => {
    clearAccessToken();
    if (router.state.navigation.state === 'idle') void router.revalidate();
  });

  // Another tab signed out (the cookie is gone) or in (a session may now be resumed): the
  // guards of the current screen decide again.
  onRemoteSessionChange((message) => {
    if (message.type === 'signed-out') queryClient.clear();
    if (router.state.navigation.state === 'idle') void router.revalidate();
  });

  // Vite reports a failed preload of a lazy chunk (a deploy replaced the files) before the
  // import itself fails; reload once a minute at most, else let the route error page show.
  window.addEventListener('vite:preloadError', (event) => {
    if (isChunkLoadError(event.payload) && reloadAfterChunkError()) event.preventDefault();
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  if (ssr) {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queries={ssr.queries as DehydratedState} />
      </StrictMode>,
      { onRecoverableError: (error) => console.error('Hydration', error) },
    );
  } else {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  }
}

void start();

function readHydrationPayload(): HydrationPayload | undefined {
  const element = document.getElementById(HYDRATION_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as HydrationPayload;
  } catch {
    return undefined;
  }
}
