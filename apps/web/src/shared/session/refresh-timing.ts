/** How long before expiry the access token is renewed: a fifth of its life, at most a minute. */
export const REFRESH_LEAD_MAX_MS = 60_000;
/** Never schedule faster than this, whatever the server says. */
export const REFRESH_MIN_DELAY_MS = 5_000;
/** After a refresh that failed for a reason other than 401 (offline, 5xx), try again after this. */
export const REFRESH_RETRY_MS = 30_000;

/** Delay until the next refresh of a token that lives `expiresInSeconds` from now. */
export const refreshDelayMs = (expiresInSeconds: number): number => {
  const lifetime = Math.max(0, expiresInSeconds * 1000);
  const lead = Math.min(REFRESH_LEAD_MAX_MS, lifetime / 5);
  return Math.max(REFRESH_MIN_DELAY_MS, Math.round(lifetime - lead));
};

/** Whether a token expiring at `expiresAt` should be renewed now (a tab woke up late, for example). */
export const shouldRefreshNow = (expiresAt: number, now: number): boolean => expiresAt - now <= REFRESH_LEAD_MAX_MS;
