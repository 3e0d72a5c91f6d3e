import type { MenuStation } from './side-menu';

/**
 * Rules of the main header (000 §2.8) for learning and station pages.
 */

/** Back arrow, or a home icon when the previous route was /, /home or an auth route (or none). */
export type BackMode = 'back' | 'home';

export const isAuthPath = (path: string): boolean => /^\/(auth|auth2)(\/|$|\?)/.test(path) || path === '/auth' || path === '/auth2';

export const backModeFor = (previousPath: string | null | undefined): BackMode => {
  if (!previousPath) return 'home';
  const pathname = previousPath.split(/[?#]/)[0] ?? previousPath;
  if (pathname === '/' || pathname === '' || pathname === '/home' || isAuthPath(pathname)) return 'home';
  return 'back';
};

/** The route before the current one in the tab's history. */
export const previousRoute = (history: readonly string[]): string | null => (history.length >= 2 ? (history[history.length - 2] ?? null) : null);

/** Dash separators between a station's group and its name ("Soja - Plantio"). */
const SEPARATOR = /\s[-–—]\s/g;

/** The station title shortened to the part after the last dash separator ("Soja - Plantio" -> "Plantio"). */
export const shortTitle = (title: string): string => {
  let last = -1;
  let length = 0;
  for (const match of title.matchAll(SEPARATOR)) {
    last = match.index ?? -1;
    length = match[0].length;
  }
  if (last < 0) return title.trim();
  const rest = title.slice(last + length).trim();
  return rest.length > 0 ? rest : title.trim();
};

/** The search box of the header: Brazil users only, and only with the enableSearch flag (000 §2.8, §6). */
export const showHeaderSearch = (country: string | null | undefined, enableSearch: boolean): boolean => country === 'BR' && enableSearch;

/**
 * The station a path shows, when a screen did not name itself: the station whose page is the
 * longest prefix of the path (/training/soja/soja-plantio -> soja-plantio).
 */
export const stationForPath = <S extends Pick<MenuStation, 'pageTo'>>(stations: readonly S[], pathname: string): S | undefined => {
  let best: S | undefined;
  for (const station of stations) {
    const page = station.pageTo.split('?')[0] ?? station.pageTo;
    if (page.length <= 1) continue;
    if (pathname === page || pathname.startsWith(`${page}/`)) {
      if (!best || page.length > (best.pageTo.split('?')[0] ?? '').length) best = station;
    }
  }
  return best;
};
