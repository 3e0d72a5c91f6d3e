import { describe, expect, it } from 'vitest';
import { buildJourneyMenus, COMMERCIAL_CONDITIONS, isJourneyItemDisabled, showCommercialConditions, showScheduledEvents } from './journey-menu';
import { station } from '../testing/stations';

const journey = (id: string, category: 'trails' | 'competence' | 'library' | 'cast', patch = {}) =>
  station(id, { routeArea: 'journey', displayCategory: category, areas: ['journey'], type: 'Map', pageTo: `/journey/${id}`, ...patch });

describe('journey header (000 §2.6)', () => {
  it('builds trails, competence and library from journey stations by display category', () => {
    const groups = buildJourneyMenus([
      journey('t2', 'trails', { listingOrder: 2 }),
      journey('t1', 'trails', { listingOrder: 1 }),
      journey('c1', 'competence'),
      journey('l1', 'library'),
      journey('cast', 'cast'),
      station('crop', { routeArea: 'training', displayCategory: 'crop' }),
    ]);
    expect(groups.map((g) => [g.id, g.items.map((i) => i.station.stationId)])).toEqual([
      ['trails', ['t1', 't2']],
      ['competence', ['c1']],
      ['library', ['l1']],
    ]);
  });

  it('hides empty groups and the parts of a journey', () => {
    const groups = buildJourneyMenus([journey('t1', 'trails'), journey('part', 'library', { parentId: 't1' })]);
    expect(groups.map((g) => g.id)).toEqual(['trails']);
  });

  it('disables inactive items', () => {
    expect(isJourneyItemDisabled(journey('a', 'trails', { isActive: false }))).toBe(true);
    expect(isJourneyItemDisabled(journey('a', 'trails', { isEnable: false }))).toBe(true);
    expect(isJourneyItemDisabled(journey('a', 'trails', { menu: { ...station('x').menu, inactive: true } }))).toBe(true);
    expect(isJourneyItemDisabled(journey('a', 'trails'))).toBe(false);
    const [group] = buildJourneyMenus([journey('t1', 'trails', { isEnable: false })]);
    expect(group?.items[0]).toMatchObject({ disabled: true, to: '/journey/t1' });
  });

  describe('Condiciones comerciales', () => {
    const trail = journey(COMMERCIAL_CONDITIONS.trail, 'trails');
    const tools = journey(COMMERCIAL_CONDITIONS.item, 'trails', { parentId: COMMERCIAL_CONDITIONS.trail, type: 'Detail' });
    it('shows for Argentina when the trail has its commercial-tools item', () => {
      expect(showCommercialConditions('AR', [trail, tools])).toBe(true);
      expect(COMMERCIAL_CONDITIONS.to).toBe('/journey/tr_procesos_comerciales/herramientas_comerciales');
    });
    it('not for other countries, nor without the trail or the item', () => {
      expect(showCommercialConditions('BR', [trail, tools])).toBe(false);
      expect(showCommercialConditions('AR', [tools])).toBe(false);
      expect(showCommercialConditions('AR', [trail])).toBe(false);
      expect(showCommercialConditions('AR', [trail, { ...tools, parentId: 'other' }])).toBe(false);
    });
  });

  it('Eventos: Brazil, tc_admin, scheduledEvents on', () => {
    expect(showScheduledEvents({ country: 'BR', roles: ['tc_admin'] }, true)).toBe(true);
    expect(showScheduledEvents({ country: 'BR', roles: ['tc_admin'] }, false)).toBe(false);
    expect(showScheduledEvents({ country: 'MX', roles: ['tc_admin'] }, true)).toBe(false);
    expect(showScheduledEvents({ country: 'BR', roles: ['tc_manager'] }, true)).toBe(false);
    expect(showScheduledEvents(null, true)).toBe(false);
  });
});
