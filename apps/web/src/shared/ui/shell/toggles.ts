/**
 * Feature toggles of 000 §6 (localSearch, notifications, scheduledEvents, scormTest,
 * enableSearch): GET /api/app-config `toggles`, overridable by a query parameter prefixed
 * "toggle" (?toggleScormTest=true). An override is remembered for the tab (sessionStorage),
 * so the links of a toggled screen keep working without carrying the parameter; pure rules
 * first, storage at the edge.
 */
export const TOGGLE_NAMES = ['localSearch', 'notifications', 'scheduledEvents', 'scormTest', 'enableSearch'] as const;
export type ToggleName = (typeof TOGGLE_NAMES)[number];
export type Toggles = Record<ToggleName, boolean>;

/** localSearch -> toggleLocalSearch */
export const toggleParam = (name: ToggleName): string => `toggle${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** true / false from the query (true|false|1|0, any case), undefined when absent or unreadable. */
export const toggleOverride = (search: URLSearchParams, name: ToggleName): boolean | undefined => {
  const value = search.get(toggleParam(name))?.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
};

/** The toggle: the URL's override, else the tab's remembered one, else the configuration's. */
export const decideToggle = (configured: boolean, fromUrl: boolean | undefined, remembered: boolean | undefined): boolean =>
  fromUrl ?? remembered ?? configured;

/** Every toggle at once (pure: the caller gives what the tab remembers). */
export const decideToggles = (configured: Toggles, search: URLSearchParams, remembered: Partial<Toggles>): Toggles =>
  Object.fromEntries(TOGGLE_NAMES.map((name) => [name, decideToggle(configured[name], toggleOverride(search, name), remembered[name])])) as Toggles;

/** The overrides a URL carries (to remember them). */
export const overridesIn = (search: URLSearchParams): Partial<Toggles> =>
  Object.fromEntries(TOGGLE_NAMES.flatMap((name) => {
    const value = toggleOverride(search, name);
    return value === undefined ? [] : [[name, value]];
  })) as Partial<Toggles>;

export const toggleStorageKey = (name: ToggleName): string => `portal.${toggleParam(name)}`;

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export const readRememberedToggles = (): Partial<Toggles> => {
  const store = storage();
  if (!store) return {};
  const out: Partial<Toggles> = {};
  for (const name of TOGGLE_NAMES) {
    const value = store.getItem(toggleStorageKey(name));
    if (value === 'true' || value === 'false') out[name] = value === 'true';
  }
  return out;
};

export const rememberToggles = (overrides: Partial<Toggles>): void => {
  const store = storage();
  try {
    for (const [name, value] of Object.entries(overrides)) store?.setItem(toggleStorageKey(name as ToggleName), String(value));
  } catch {
    // Storage blocked: the override holds for this URL only.
  }
};

/** Reads the toggles for a URL, remembering the overrides it carries. */
export const resolveToggles = (configured: Toggles, search: URLSearchParams): Toggles => {
  const overrides = overridesIn(search);
  rememberToggles(overrides);
  return decideToggles(configured, search, { ...readRememberedToggles(), ...overrides });
};
