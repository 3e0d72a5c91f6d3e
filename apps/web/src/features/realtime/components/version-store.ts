import { useSyncExternalStore } from 'react';
import { baselineVersion } from '../model/session-rules';

/**
 * The versions the page knows: the one it started with (app-config, else the stream's first)
 * and the last one the stream published.
 */
interface Versions {
  known: string | null;
  published: string | null;
}

let versions: Versions = { known: null, published: null };
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The page's own version (GET /api/app-config at start). */
export const setStartVersion = (version: string | null | undefined): void => {
  const known = baselineVersion(versions.known, version);
  if (known === versions.known) return;
  versions = { ...versions, known };
  notify();
};

export const publishVersion = (version: string): void => {
  versions = { known: baselineVersion(versions.known, version), published: version };
  notify();
};

export const useVersions = (): Versions =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => versions,
    () => versions,
  );
