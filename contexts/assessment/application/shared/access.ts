import { AppError, type Principal } from '@portal/kernel';
import { stationAccess, type CatalogueModel } from '@portal/learning/contracts';

/** 000 §6 station access, as the learning context answers it: unknown or inactive 404, not yours 403. */
export function requireStationAccess(cat: CatalogueModel, principal: Principal, stationId: string): void {
  const access = stationAccess(cat, principal, stationId);
  if (access === 'not-found') throw new AppError('404');
  if (access === 'forbidden') throw new AppError('403');
}
