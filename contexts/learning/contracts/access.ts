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

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** A learner: e-mail verified and registration Completed (000 §2.2); only a learner has the default access. */
export const isLearnerAccount = (account: Pick<UserPrincipal, 'emailVerified' | 'registerStatus'>): boolean =>
  account.emailVerified && account.registerStatus === 'Completed';

/**
 * The catalogue's openness rule (ADR 0033): a station is restricted by ACL tags (dist:..., team:...)
 * on itself or its root; one with none is open to every learner of its countries by default.
 */
export const isOpenStation = (station: Pick<Station, 'aclTags'>): boolean => station.aclTags.length === 0;

/**
 * Whether the access rule gives a user any station (/userData hasStationsAccess, 000 §6): an
 * explicit grant, or the default access of a learner (the catalogue's open stations, ADR 0033).
 */
export const hasStationsAccessOf = (user: Pick<UserPrincipal, 'allowedStations' | 'emailVerified' | 'registerStatus'>): boolean =>
  user.allowedStations === 'all' || Object.keys(user.allowedStations).length > 0 || isLearnerAccount(user);

/**
 * Who may open a station: unknown or inactive (itself or its root) is not-found; a guest only
 * opens guestAccess stations. A user opens every station a guest opens; any other station needs
 * its countries and one of its ACL tags (on itself and its root), and either an explicit grant
 * (the station or its root in allowedStations, "all" grants all) or the default access of a
 * learner: the station and its root are open (ADR 0033). The default is this rule, not stored
 * per user, so a manager's grant adds to it and a new station is seen by everyone it is open to.
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
  const guestOpens = chain.some((s) => s.guestAccess);
  switch (principal.kind) {
    case 'guest':
      return guestOpens ? 'allowed' : 'forbidden';
    case 'system':
      return 'allowed';
    case 'user': {
      // a signed-in user never sees less than a guest
      if (guestOpens) return 'allowed';
      if (!chain.every((s) => s.countries.length === 0 || (principal.country !== null && s.countries.includes(principal.country)))) return 'forbidden';
      if (!chain.every((s) => tagsAllow(s.aclTags, principal.aclTags))) return 'forbidden';
      const allowed = principal.allowedStations;
      const granted = allowed === 'all' || chain.some((s) => allowed[s.stationId] === true);
      const byDefault = isLearnerAccount(principal) && chain.every(isOpenStation);
      return granted || byDefault ? 'allowed' : 'forbidden';
    }
    default: {
      const exhaustive: never = principal;
      void exhaustive;
      return 'forbidden';
    }
  }
}
