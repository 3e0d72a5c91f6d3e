import { AppError, type Principal } from '@portal/kernel';
import { stationAccess, type CatalogueModel, type CatalogueStation, type ContentEntry } from '../../contracts/index.js';

/**
 * Station access for a request (000 §6): unknown, retired or inactive is 404; a station the
 * caller may not open (allowedStations, ACL tags, country, guest) is 403; an unavailable one
 * (active with an availability message) is 403 carrying the message for the dialog.
 */
export function requireStation(model: CatalogueModel, principal: Principal, stationId: string, options: { allowUnavailable?: boolean } = {}): CatalogueStation {
  const access = stationAccess(model, principal, stationId);
  if (access === 'not-found') throw new AppError('404');
  if (access === 'forbidden') throw new AppError('403');
  const station = model.stations.get(stationId)!;
  if (station.unavailableMessage && !options.allowUnavailable) {
    throw new AppError('403', 'This station is not available yet', undefined, { availability: 'unavailable' });
  }
  return station;
}

/** An entry of an accessible station; the station, when given, must be the entry's own. */
export function requireEntry(model: CatalogueModel, principal: Principal, entryId: string, stationId?: string): { station: CatalogueStation; entry: ContentEntry } {
  const found = model.entries.get(entryId);
  if (!found || (stationId !== undefined && found.stationId !== stationId)) {
    if (stationId !== undefined) requireStation(model, principal, stationId);
    throw new AppError('404');
  }
  const station = requireStation(model, principal, found.stationId);
  return { station, entry: found.entry };
}

/** Stations the caller may see, in listing order (unavailable ones included, carrying their message). */
export function visibleStations(model: CatalogueModel, principal: Principal): CatalogueStation[] {
  return model.ordered.map((id) => model.stations.get(id)!).filter((s) => stationAccess(model, principal, s.stationId) === 'allowed');
}

/**
 * On routes open to guests (`@GuestOrUser`), a signed-in account still being set up (e-mail not
 * verified, registration not Completed, 000 §2.2) gets what `@Authorized()` would give it: 403.
 */
export function requireActivePrincipal(principal: Principal | undefined): Principal {
  if (!principal) throw new AppError('401');
  if (principal.kind === 'user' && (!principal.emailVerified || principal.registerStatus !== 'Completed')) {
    throw new AppError('403', 'Verify your e-mail and complete your profile first');
  }
  return principal;
}
