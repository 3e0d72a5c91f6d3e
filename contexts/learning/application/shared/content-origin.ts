import type { AppConfig } from '@portal/platform';

/**
 * The sandboxed content origin (ADR 0084). SCORM package files are served from an origin other
 * than the portal's, so a package's own scripts run under a permissive policy and still cannot
 * read the portal's DOM, storage or cookies, nor call its API as the learner.
 *
 * - CONTENT_ORIGIN set (production, a content host behind the proxy): that origin, and the portal
 *   is PUBLIC_URL.
 * - Otherwise a second port of the same process (CONTENT_PORT): on the portal's own host name,
 *   except that the two loopback names trade places (a portal on 127.0.0.1 frames content from
 *   localhost and the other way round), so a single-machine install gets a separate site, and its
 *   cookies, with no DNS set-up.
 */
export type ContentOriginSettings = Pick<AppConfig, 'port' | 'publicUrl' | 'content'>;

const LOOPBACK_SWAP: Record<string, string> = { '127.0.0.1': 'localhost', localhost: '127.0.0.1' };
const swapLoopback = (hostname: string): string => LOOPBACK_SWAP[hostname] ?? hostname;

const hostnameOf = (host: string | undefined, fallback: string): string => {
  try {
    return new URL(`http://${host ?? ''}`).hostname || fallback;
  } catch {
    return fallback;
  }
};

/** The content origin that goes with the portal the caller reached (its Host header); null when there is none. */
export function contentOriginFor(portalHost: string | undefined, settings: ContentOriginSettings): string | null {
  if (settings.content.origin) return settings.content.origin;
  if (!settings.content.port) return null;
  return `http://${swapLoopback(hostnameOf(portalHost, 'localhost'))}:${settings.content.port}`;
}

/** The portal origin that frames the content the caller reached on the content origin (its Host header). */
export function portalOriginFor(contentHost: string | undefined, settings: ContentOriginSettings): string {
  if (settings.content.origin) return new URL(settings.publicUrl).origin;
  return `http://${swapLoopback(hostnameOf(contentHost, '127.0.0.1'))}:${settings.port}`;
}

