import { byDisplayOrder, stationLink, type MenuStation } from './side-menu';

/**
 * The journey header (000 §2.6): trails, competence and library menus built from the
 * stations of route area journey, grouped by display category; items by listing order,
 * inactive ones disabled, empty groups hidden. Plus the Argentina and Brazil entries.
 */
export const JOURNEY_GROUPS = ['trails', 'competence', 'library'] as const;
export type JourneyGroupId = (typeof JOURNEY_GROUPS)[number];

export interface JourneyMenuItem {
  station: MenuStation;
  to: string;
  disabled: boolean;
}

export interface JourneyMenuGroup {
  id: JourneyGroupId;
  items: JourneyMenuItem[];
}

const byListingOrder = (a: MenuStation, b: MenuStation): number => a.listingOrder - b.listingOrder || a.stationId.localeCompare(b.stationId);

/** A menu item is disabled when the station is inactive, switched off in the menu, or not enabled (locked, unavailable). */
export const isJourneyItemDisabled = (station: Pick<MenuStation, 'isActive' | 'isEnable' | 'menu'>): boolean => !station.isActive || station.menu.inactive || !station.isEnable;

export const buildJourneyMenus = (stations: readonly MenuStation[]): JourneyMenuGroup[] =>
  JOURNEY_GROUPS.map((id) => ({
    id,
    items: stations
      // the journeys themselves (top level); their parts live on their pages
      .filter((s) => s.routeArea === 'journey' && s.displayCategory === id && s.parentId === null)
      .sort(byListingOrder)
      .map((station) => ({ station, to: stationLink(station), disabled: isJourneyItemDisabled(station) })),
  })).filter((group) => group.items.length > 0);

/** 000 §2.6: the Argentina "Condiciones comerciales" entry. */
export const COMMERCIAL_CONDITIONS = {
  trail: 'tr_procesos_comerciales',
  item: 'herramientas_comerciales',
  to: '/journey/tr_procesos_comerciales/herramientas_comerciales',
} as const;

const matches = (station: Pick<MenuStation, 'stationId' | 'id'>, key: string): boolean => station.stationId === key || station.id === key;

/** Argentina only, when the commercial-processes trail with its commercial-tools item exists. */
export const showCommercialConditions = (country: string | null | undefined, stations: readonly MenuStation[]): boolean => {
  if (country !== 'AR') return false;
  const trail = stations.find((s) => matches(s, COMMERCIAL_CONDITIONS.trail));
  if (!trail) return false;
  return stations.some((s) => matches(s, COMMERCIAL_CONDITIONS.item) && (s.parentId === trail.stationId || s.parentId === trail.id));
};

/** The Events entry (001 §2): the same rule and path as the side menu's. */
export { SCHEDULED_EVENTS_PATH, showScheduledEvents } from './side-menu';

export { byDisplayOrder };
