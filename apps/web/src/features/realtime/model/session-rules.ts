/**
 * 000 §4.10: the session-expired dialog shows when the published application version changes,
 * user data is initialized, and both the old and the new version are known and differ.
 */
export interface VersionCheck {
  userDataInitialized: boolean;
  /** the version this page started with (app-config, else the stream's first) */
  knownVersion: string | null | undefined;
  /** the version the realtime stream just published */
  publishedVersion: string | null | undefined;
}

const known = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim().length > 0;

export const shouldShowSessionExpired = ({ userDataInitialized, knownVersion, publishedVersion }: VersionCheck): boolean =>
  userDataInitialized && known(knownVersion) && known(publishedVersion) && knownVersion.trim() !== publishedVersion.trim();

/** The baseline: the first version this page heard of. */
export const baselineVersion = (current: string | null | undefined, published: string | null | undefined): string | null =>
  known(current) ? current : known(published) ? published : null;

/** Waits between reconnections of the stream: 1 s, 2 s, 4 s ... at most 30 s. */
export const reconnectDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, Math.min(attempt, 15)));

/**
 * The stream URL: EventSource cannot send headers, so a single-use ticket (POST /realtime/ticket)
 * goes in the query, never the access token (ADR 0080).
 */
export const streamUrl = (apiBase: string, ticket: string): string => `${apiBase}/realtime/stream?ticket=${encodeURIComponent(ticket)}`;
