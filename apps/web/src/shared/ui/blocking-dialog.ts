import { useEffect, useSyncExternalStore } from 'react';

/**
 * At most one blocking dialog per visit (issue 26, ADR 0082). A visit is a tab's session: from
 * the first page a tab opens of the portal until it is closed (sessionStorage, which survives
 * reloads and in-app navigation of the tab, and starts empty in a new tab or browser session).
 * The first blocking dialog a visit wants (the home alert, the first-video invitation, a welcome)
 * gets the visit; the others wait for a later visit, or show inline where they can (the welcomes).
 */
export const BLOCKING_DIALOG_KEY = 'portal.blockingDialog';

/** Whether dialog `id` may block the screen, given the dialog the visit gave its one to (null: none yet). */
export const mayBlock = (owner: string | null, id: string): boolean => owner === null || owner === id;

let memory: string | null = null;
const listeners = new Set<() => void>();

/** The dialog this visit gave its one to; in memory (this page only) when storage is blocked. */
const read = (): string | null => {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) return storage.getItem(BLOCKING_DIALOG_KEY);
  } catch {
    // storage blocked
  }
  return memory;
};

/** Gives the visit's one blocking dialog to `id`, unless another has it. */
export const claimBlockingDialog = (id: string): boolean => {
  const owner = read();
  if (!mayBlock(owner, id)) return false;
  if (owner === id) return true;
  memory = id;
  try {
    globalThis.sessionStorage?.setItem(BLOCKING_DIALOG_KEY, id);
  } catch {
    // storage blocked: this page only
  }
  for (const listener of listeners) listener();
  return true;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * `wanted`: the dialog's own rule says it should show. Answers whether it may open as a blocking
 * dialog in this visit; the first that may, claims the visit.
 */
export function useBlockingDialog(id: string, wanted: boolean): boolean {
  const owner = useSyncExternalStore(subscribe, read, () => null);
  const allowed = wanted && mayBlock(owner, id);
  useEffect(() => {
    if (allowed) claimBlockingDialog(id);
  }, [allowed, id]);
  return allowed;
}
