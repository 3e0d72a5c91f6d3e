import type { MenuStation } from '../model/side-menu';

/** A station summary for the menu tests (only what the menus read). */
export const station = (id: string, patch: Partial<MenuStation> = {}): MenuStation => ({
  id,
  stationId: id,
  title: { 'pt-BR': `${id} pt`, es: `${id} es`, en: `${id} en` },
  isActive: true,
  isEnable: true,
  isDefault: false,
  isUnavailable: false,
  availabilityMessage: null,
  areas: ['default'],
  pageTo: `/station/${id}`,
  listingOrder: 0,
  menu: { inactive: false, displayAreas: [], toLinkOverride: null, inOverflowMenu: false, displayOrder: 0, icon: null, classNames: [] },
  routeArea: 'default',
  displayCategory: 'other',
  parentId: null,
  type: 'Detail',
  ...patch,
});
