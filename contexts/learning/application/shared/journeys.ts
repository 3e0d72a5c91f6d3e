import type { Principal } from '@portal/kernel';
import { routeAreaOf } from '../../contracts/index.js';
import { visibleStations } from './access.js';
import type { LearnerView } from './views.js';

/** The journey menus (000 §2.6): /journey groups and /journey/list draw from these. */
export const JOURNEY_GROUPS = ['trails', 'competence', 'library'] as const;

/** The journeys (root stations of route area journey) the caller may open, in listing order. */
export function journeys(view: LearnerView, principal: Principal) {
  return visibleStations(view.model, principal).filter((s) => !s.parent && routeAreaOf(view.model, s.stationId) === 'journey');
}
