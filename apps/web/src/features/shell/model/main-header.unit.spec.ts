import { describe, expect, it } from 'vitest';
import { backModeFor, previousRoute, shortTitle, showHeaderSearch, stationForPath } from './main-header';
import { station } from '../testing/stations';

describe('main header (000 §2.8)', () => {
  describe('back arrow', () => {
    it('is a home icon when the previous route was /, /home or an auth route, or there is none', () => {
      for (const previous of [null, undefined, '', '/', '/home', '/home?tab=1', '/auth', '/auth/register', '/auth2', '/auth2/verification', '/auth?next=%2Fhome']) {
        expect(backModeFor(previous), String(previous)).toBe('home');
      }
    });
    it('is a back arrow after any other route', () => {
      for (const previous of ['/training/soja', '/feed/history', '/station/x', '/homework', '/authors', '/account/profile']) {
        expect(backModeFor(previous), previous).toBe('back');
      }
    });
    it('reads the previous route from the tab history', () => {
      expect(previousRoute([])).toBeNull();
      expect(previousRoute(['/home'])).toBeNull();
      expect(previousRoute(['/home', '/training', '/station/x'])).toBe('/training');
    });
  });

  describe('station title', () => {
    it('keeps the part after the last dash separator', () => {
      expect(shortTitle('Soja - Plantio')).toBe('Plantio');
      expect(shortTitle('Universidade – Soja — Manejo de pragas')).toBe('Manejo de pragas');
      expect(shortTitle('CTB Cast')).toBe('CTB Cast');
    });
    it('leaves hyphenated words alone', () => {
      expect(shortTitle('Pós-colheita')).toBe('Pós-colheita');
      expect(shortTitle('Boas-vindas - Início')).toBe('Início');
    });
    it('finds the station of a path by its page', () => {
      const stations = [station('soja', { pageTo: '/training/soja' }), station('plantio', { pageTo: '/training/soja/plantio' })];
      expect(stationForPath(stations, '/training/soja/plantio')?.stationId).toBe('plantio');
      expect(stationForPath(stations, '/training/soja')?.stationId).toBe('soja');
      expect(stationForPath(stations, '/training/sojaxx')).toBeUndefined();
      expect(stationForPath(stations, '/home')).toBeUndefined();
    });
  });

  it('shows the search box to Brazil users with enableSearch only', () => {
    expect(showHeaderSearch('BR', true)).toBe(true);
    expect(showHeaderSearch('BR', false)).toBe(false);
    expect(showHeaderSearch('AR', true)).toBe(false);
    expect(showHeaderSearch('br', true)).toBe(false);
    expect(showHeaderSearch(null, true)).toBe(false);
  });
});
