import type { RegisterStatus } from '@portal/kernel';
import { afterSignInPath, nextFor, paths, safeNextPath, signInPathFor, withNext } from '../routing/paths';

/**
 * The route guards of 000 §2.2 as pure decisions; guards.ts runs them in route loaders.
 *
 * What a protected screen needs:
 * - 'session': a signed-in user (the verify-email screen, phone verification);
 * - 'verified': and a verified e-mail (the profile screen);
 * - 'complete': and a Completed registration (every other signed-in screen).
 */
export type RouteAccess = 'session' | 'verified' | 'complete';

export interface GuardUser {
  emailVerified: boolean;
  registerStatus: RegisterStatus;
}

export interface GuardLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: GuardDecision = { kind: 'allow' };
const redirectTo = (to: string): GuardDecision => ({ kind: 'redirect', to });

/**
 * A protected screen (000 §2.2), in this order: signed out -> sign-in with `next`; unverified
 * e-mail -> verify-email screen; registration not Completed -> profile screen. The account
 * screens keep the original path as `next` with the same rule as sign-in, so the user returns
 * there once the account is ready.
 */
export const decideProtectedRoute = (access: RouteAccess, user: GuardUser | null, location: GuardLocation): GuardDecision => {
  if (!user) return redirectTo(signInPathFor(location.pathname, location.search, location.hash));
  const next = nextFor(location.pathname, location.search, location.hash);
  if (access !== 'session' && !user.emailVerified) return redirectTo(withNext(paths.verifyEmail, next));
  if (access === 'complete' && user.registerStatus !== 'Completed') return redirectTo(withNext(paths.profile, next));
  return allow;
};

/**
 * Whether the user may call the learner area's API (stations, feeds, recommendations,
 * notifications, search): a verified e-mail and a Completed registration, what the API asks of
 * every route not opened to incomplete accounts. The shell asks those routes nothing before,
 * so the verify-email and profile screens make no call that answers 403 (issue 13).
 */
export const isAccountReady = (user: GuardUser | null | undefined): boolean => user != null && user.emailVerified && user.registerStatus === 'Completed';

/** Signed-out-only screens (sign-in, registration, reset) send a signed-in user home (000 §2.2). */
export const decideSignedOutOnly = (signedIn: boolean): GuardDecision => (signedIn ? redirectTo(paths.home) : allow);

/**
 * Where a signed-in user goes after a step of setting up the account (a verified e-mail, a
 * saved profile): the next step still missing, else `next` when safe, else home.
 */
export const nextAccountStep = (user: GuardUser, next?: string | null): string => {
  const kept = safeNextPath(next);
  if (!user.emailVerified) return withNext(paths.verifyEmail, kept);
  if (user.registerStatus !== 'Completed') return withNext(paths.profile, kept);
  return afterSignInPath(kept);
};

/** The Argentina rule's settings (app-config `argentina`). */
export interface ArgentinaRule {
  /** The host Argentine users belong on; null turns the rule off. */
  expectedHost: string | null;
  /** The Argentine site they are sent to. */
  siteUrl: string | null;
  /** Hosts where the rule never applies. */
  stagingHosts: readonly string[];
}

/** Host comparison ignores case, and the port unless the configured host names one. */
const sameHost = (host: string, configured: string): boolean => {
  const a = host.trim().toLowerCase();
  const b = configured.trim().toLowerCase();
  if (b.includes(':')) return a === b;
  return a.replace(/:\d+$/, '') === b;
};

/**
 * 000 §2.2: on any host but the staging hosts, a signed-in user whose country is Argentina
 * ("AR") on a host other than the expected one is signed out and sent to the Argentine site.
 * Answers that site's address, or null when the user may stay.
 */
export const argentinaRedirect = (host: string, country: string | null | undefined, rule: ArgentinaRule): string | null => {
  if (!rule.expectedHost || country !== 'AR') return null;
  if (rule.stagingHosts.some((staging) => sameHost(host, staging))) return null;
  if (sameHost(host, rule.expectedHost)) return null;
  return rule.siteUrl ?? `https://${rule.expectedHost}/`;
};
