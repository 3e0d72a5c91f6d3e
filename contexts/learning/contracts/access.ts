import type { Principal } from '@portal/kernel';
import type { Station } from './pack.js';

/**
 * Station access (000 §6), here so that every context answering for a station judges it the same
 * way: learning's screens and assessment's questions and answers (projections/questions).
 */
export type StationAccess = 'allowed' | 'forbidden' | 'not-found';

/** What access needs of a catalogue: its stations by id (a Map, or the learning model's). */
export interface AccessStations {
  get(stationId: string): Pick<Station, 'stationId' | 'parent' | 'isActive' | 'guestAccess' | 'aclTags' | 'countries'> | undefined;
}

/** A tag requirement is met by the tag itself or by `<prefix>:all` (dist:all, team:all). */
export function tagsAllow(required: readonly string[], held: readonly string[]): boolean {
  if (required.length === 0) return true;
  return required.some((tag) => held.includes(tag) || held.includes(`${tag.split(':')[0]}:all`));
}

/**
 * Who may open a station: unknown or inactive (itself or its root) is not-found; a user needs the
 * station or its root in allowedStations ("all" grants all), one of its ACL tags and its country;
 * a guest only opens guestAccess stations.
 */
export function stationAccessIn(stations: AccessStations, principal: Principal, stationId: string): StationAccess {
  const station = stations.get(stationId);
  if (!station || !station.isActive) return 'not-found';
  let root = station;
  const seen = new Set<string>([station.stationId]);
  for (let parent = root.parent ? stations.get(root.parent) : undefined; parent && !seen.has(parent.stationId); parent = parent.parent ? stations.get(parent.parent) : undefined) {
    seen.add(parent.stationId);
    root = parent;
  }
  if (!root.isActive) return 'not-found';
  const chain = root.stationId === station.stationId ? [station] : [station, root];
  switch (principal.kind) {
    case 'guest':
      return chain.some((s) => s.guestAccess) ? 'allowed' : 'forbidden';
    case 'system':
      return 'allowed';
    case 'user': {
      const allowed = principal.allowedStations;
      if (allowed !== 'all' && !chain.some((s) => allowed[s.stationId] === true)) return 'forbidden';
      if (!chain.every((s) => tagsAllow(s.aclTags, principal.aclTags))) return 'forbidden';
      if (!chain.every((s) => s.countries.length === 0 || (principal.country !== null && s.countries.includes(principal.country)))) return 'forbidden';
      return 'allowed';
    }
    default: {
      const exhaustive: never = principal;
      void exhaustive;
      return 'forbidden';
    }
  }
}
