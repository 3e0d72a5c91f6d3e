/**
 * Feature toggles of 000 §6 (localSearch, notifications, scheduledEvents, scormTest,
 * enableSearch): GET /api/app-config `toggles`, overridable by a query parameter prefixed
 * "toggle" (toggleScormTest=true). An override is kept for the tab (sessionStorage), so the
 * links of a toggled screen keep working without carrying the parameter.
 */
export type ToggleName = 'localSearch' | 'notifications' | 'scheduledEvents' | 'scormTest' | 'enableSearch';

export const toggleParam = (name: ToggleName): string => `toggle${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** true / false from the query (toggleScormTest=true|false|1|0), undefined when absent or unreadable. */
export const toggleOverride = (search: URLSearchParams, name: ToggleName): boolean | undefined => {
  const value = search.get(toggleParam(name))?.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
};

export const storageKey = (name: ToggleName): string => `portal.${toggleParam(name)}`;

/** The toggle: the URL's override, else the tab's remembered one, else the server's. */
export const isToggleOn = (configured: boolean, fromUrl: boolean | undefined, remembered: boolean | undefined): boolean =>
  fromUrl ?? remembered ?? configured;

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export const readRememberedToggle = (name: ToggleName): boolean | undefined => {
  const value = storage()?.getItem(storageKey(name));
  return value === 'true' ? true : value === 'false' ? false : undefined;
};

export const rememberToggle = (name: ToggleName, value: boolean): void => {
  try {
    storage()?.setItem(storageKey(name), String(value));
  } catch {
    // Storage blocked: the override holds for this URL only.
  }
};

/** Reads the toggle for a URL (remembering an override it carries). */
export const resolveToggle = (name: ToggleName, configured: boolean, search: URLSearchParams): boolean => {
  const fromUrl = toggleOverride(search, name);
  if (fromUrl !== undefined) rememberToggle(name, fromUrl);
  return isToggleOn(configured, fromUrl, readRememberedToggle(name));
};
