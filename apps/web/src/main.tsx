import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, routes } from './app/router';
import { markAppStarted } from './shared/api/early-answers';
import { queryClient, setUnauthorizedHandler } from './shared/api/query-client';
import { loadAppConfig } from './shared/config/app-config';
import { initI18n } from './shared/i18n/i18n';
import { isChunkLoadError, reloadAfterChunkError } from './shared/routing/chunk-reload';
import { requestScreenCode } from './shared/routing/screen-code';
import { bootstrapSession } from './shared/session/refresh';
import { clearAccessToken, onRemoteSessionChange, removeLegacyToken } from './shared/session/token-store';

markAppStarted();
removeLegacyToken();
// What every first screen waits for is asked for now, side by side with the screen's code: the
// session (refresh cookie), the settings and the translations (ADR 0013). The boot script
// (boot/boot.ts) sent the refresh, the profile and the settings before this file had loaded;
// these calls take its answers.
void bootstrapSession();
void loadAppConfig();
void initI18n();
requestScreenCode(routes, window.location);
const router = createAppRouter();

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

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
