import { PERMISSIONS, ROLES, type RegisterStatus, type UserClaims } from '@portal/kernel';

/**
 * What the access token says about its user (000 §3 "auth user", §6): read from the JWT
 * payload for the store's checks and the guards that need no round trip. The server still
 * verifies every call; these claims only decide what the SPA shows.
 */
export interface AuthClaims extends UserClaims {
  userId: string;
  sessionId: string | null;
  /** Expiry of the token, ms since epoch, when the token says. */
  expiresAt: number | null;
}

const REGISTER_STATUSES: readonly RegisterStatus[] = ['None', 'UserProfile', 'Completed'];

const base64UrlToText = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** The JSON payload of a compact JWT, or undefined when it is not one. No signature check. */
export const decodeJwtPayload = (token: string): Record<string, unknown> | undefined => {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const payload: unknown = JSON.parse(base64UrlToText(parts[1]));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

const knownOnly = <T extends string>(known: readonly T[], values: string[]): T[] => values.filter((v): v is T => (known as readonly string[]).includes(v));

const stationsOf = (value: unknown): AuthClaims['allowedStations'] => {
  if (value === 'all') return 'all';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, granted]) => granted === true).map(([id]) => [id, true as const]));
};

/**
 * The claims of an access token (missing lists read as empty, unknown roles and permissions
 * are dropped, registerStatus defaults to None). Undefined when the token has no subject.
 */
export const claimsFromToken = (token: string): AuthClaims | undefined => claimsFromPayload(decodeJwtPayload(token));

/** The same claims from a token's payload already verified (the server's document cookie, ADR 0090). */
export const claimsFromPayload = (payload: Record<string, unknown> | undefined): AuthClaims | undefined => {
  const userId = stringOrNull(payload?.['sub']);
  if (!payload || !userId) return undefined;
  const status = payload['registerStatus'];
  const exp = payload['exp'];
  return {
    userId,
    sessionId: stringOrNull(payload['sid']),
    email: typeof payload['email'] === 'string' ? payload['email'] : '',
    roles: knownOnly(ROLES, stringList(payload['roles'])),
    permissions: knownOnly(PERMISSIONS, stringList(payload['permissions'])),
    aclTags: stringList(payload['aclTags']),
    companyId: stringOrNull(payload['companyId']),
    country: stringOrNull(payload['country']),
    allowedStations: stationsOf(payload['allowedStations']),
    registerStatus: REGISTER_STATUSES.find((s) => s === status) ?? 'None',
    emailVerified: payload['emailVerified'] === true,
    expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null,
  };
};
