import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../../shared/session/access';
import { buildMenuFooter, buildSideMenu, isOnDomain, type SideMenuInput, type SideMenuItem } from './side-menu';
import { station } from '../testing/stations';

const learner: AccessSubject = { roles: [], permissions: [], companyId: null, country: 'BR', allowedStations: 'all' };
const input = (patch: Partial<SideMenuInput> = {}): SideMenuInput => ({
  locale: 'pt-BR',
  stations: [station('welcome', { isDefault: true, menu: { ...station('x').menu, displayOrder: 0 } }), station('crop', { areas: ['default', 'training'], listingOrder: 10, menu: { ...station('x').menu, displayOrder: 10 } })],
  user: learner,
  scormTest: false,
  production: false,
  host: 'portal.example',
  brazilUniversityDomain: null,
  ...patch,
});
const allIds = (items: SideMenuItem[]) => items.map((i) => (i.id === 'station' ? `station:${i.station.stationId}${i.star ? '*' : ''}` : i.id));
/** what a wide screen shows: the small-screen-only items are hidden by CSS there */
const ids = (items: SideMenuItem[]) => allIds(items.filter((i) => !('smallScreenOnly' in i)));

describe('side menu (000 §2.5)', () => {
  it('lists the items in the order of the spec', () => {
    const items = buildSideMenu(
      input({
        scormTest: true,
        user: { ...learner, roles: ['company_admin', 'tc_admin'], permissions: ['view_manager_dashboard', 'manage_companies_users'], companyId: 'c1' },
      }),
    );
    expect(allIds(items)).toEqual(['home', 'start', 'station:welcome*', 'station:crop', 'university', 'scorm', 'questions', 'dashboard', 'manager', 'scheduling', 'profile', 'signOut']);
  });

  it('1. always starts with the personal home', () => {
    expect(buildSideMenu(input({ stations: [], user: null }))[0]).toEqual({ id: 'home', to: '/home' });
  });

  describe('2. start page', () => {
    it('needs pt-BR', () => {
      expect(ids(buildSideMenu(input({ locale: 'es' })))).not.toContain('start');
      expect(ids(buildSideMenu(input({ locale: 'en' })))).not.toContain('start');
    });
    it('needs an active default station', () => {
      expect(ids(buildSideMenu(input({ stations: [station('welcome', { isDefault: true, isActive: false })] })))).not.toContain('start');
      expect(ids(buildSideMenu(input({ stations: [station('other')] })))).not.toContain('start');
    });
  });

  describe('3. default station', () => {
    it('comes with a star when active', () => {
      const item = buildSideMenu(input()).find((i) => i.id === 'station' && i.star);
      expect(item).toMatchObject({ to: '/station/welcome', star: true });
    });
    it('is not offered when inactive (or switched off in its menu)', () => {
      expect(ids(buildSideMenu(input({ stations: [station('welcome', { isDefault: true, isActive: false })] })))).not.toContain('station:welcome*');
      expect(ids(buildSideMenu(input({ stations: [station('welcome', { isDefault: true, menu: { ...station('x').menu, inactive: true } })] })))).not.toContain('station:welcome*');
    });
  });

  describe('4. other stations', () => {
    it('sorts active default-area stations by display order', () => {
      const stations = [station('b', { menu: { ...station('x').menu, displayOrder: 2 } }), station('a', { menu: { ...station('x').menu, displayOrder: 1 } }), station('c', { menu: { ...station('x').menu, displayOrder: 3 } })];
      expect(ids(buildSideMenu(input({ stations })))).toEqual(['home', 'station:a', 'station:b', 'station:c', 'questions']);
    });
    it('skips inactive ones, those outside the default area, the default one and parts of a station', () => {
      const stations = [
        station('def', { isDefault: true }),
        station('off', { isActive: false }),
        station('journey', { areas: ['journey'] }),
        station('part', { parentId: 'crop' }),
        station('noarea', { areas: [] }),
      ];
      expect(ids(buildSideMenu(input({ stations })))).toEqual(['home', 'start', 'station:def*', 'station:noarea', 'questions']);
    });
    it('marks an unavailable station (its message shows in a dialog) and uses the menu link override', () => {
      const item = buildSideMenu(input({ stations: [station('wheat', { isUnavailable: true, menu: { ...station('x').menu, toLinkOverride: '/training/wheat' } })] })).find((i) => i.id === 'station');
      expect(item).toMatchObject({ unavailable: true, to: '/training/wheat' });
    });
  });

  describe('5. university training', () => {
    it('needs training-area access: a station of the training area among those the API lists for the user', () => {
      expect(ids(buildSideMenu(input({ stations: [station('welcome', { isDefault: true })] })))).not.toContain('university');
      expect(ids(buildSideMenu(input({ user: { ...learner, allowedStations: { crop: true } } })))).toContain('university');
      // a new learner has no explicit grants: the open crop the API lists is their access (ADR 0033)
      expect(ids(buildSideMenu(input({ user: { ...learner, allowedStations: {} } })))).toContain('university');
      expect(ids(buildSideMenu(input({ user: null })))).not.toContain('university');
    });
    it('outside production always; in production only on the Brazilian university domain', () => {
      expect(ids(buildSideMenu(input({ production: true })))).not.toContain('university');
      expect(ids(buildSideMenu(input({ production: true, brazilUniversityDomain: 'uni.example.br', host: 'portal.example' })))).not.toContain('university');
      expect(ids(buildSideMenu(input({ production: true, brazilUniversityDomain: 'uni.example.br', host: 'uni.example.br' })))).toContain('university');
      expect(ids(buildSideMenu(input({ production: true, brazilUniversityDomain: 'uni.example.br', host: 'www.uni.example.br:443' })))).toContain('university');
    });
  });

  it('6. SCORM courses behind the scormTest toggle', () => {
    expect(ids(buildSideMenu(input({ scormTest: false })))).not.toContain('scorm');
    expect(buildSideMenu(input({ scormTest: true })).find((i) => i.id === 'scorm')).toEqual({ id: 'scorm', to: '/courses' });
  });

  it('7. questions (support dialog) in pt-BR only', () => {
    expect(ids(buildSideMenu(input()))).toContain('questions');
    expect(ids(buildSideMenu(input({ locale: 'es' })))).not.toContain('questions');
    expect(ids(buildSideMenu(input({ locale: 'en' })))).not.toContain('questions');
  });

  describe('8. dashboard and 9. manager', () => {
    const staff = (patch: Partial<AccessSubject>) => ids(buildSideMenu(input({ user: { ...learner, ...patch } })));
    it('dashboard needs a company role, a company and view_manager_dashboard', () => {
      expect(staff({ roles: ['company_manager'], companyId: 'c', permissions: ['view_manager_dashboard'] })).toContain('dashboard');
      expect(staff({ roles: ['company_admin'], companyId: 'c', permissions: ['view_manager_dashboard'] })).toContain('dashboard');
      expect(staff({ roles: ['company_manager'], companyId: 'c', permissions: [] })).not.toContain('dashboard');
      expect(staff({ roles: ['company_manager'], companyId: null, permissions: ['view_manager_dashboard'] })).not.toContain('dashboard');
      expect(staff({ roles: ['tc_admin'], companyId: 'c', permissions: ['view_manager_dashboard'] })).not.toContain('dashboard');
    });
    it('dashboard also for manage_all_companies, with or without a company (ADR 0054)', () => {
      expect(staff({ roles: [], companyId: null, permissions: ['manage_all_companies'] })).toContain('dashboard');
      expect(staff({ roles: ['company_admin'], companyId: 'c', permissions: ['manage_all_companies'] })).toContain('dashboard');
    });
    it('manager needs a company role and a company (001 §2)', () => {
      expect(staff({ roles: ['company_manager'], companyId: 'c', permissions: ['manage_companies_users'] })).toContain('manager');
      expect(staff({ roles: ['company_admin'], companyId: 'c', permissions: [] })).toContain('manager');
      expect(staff({ roles: ['company_admin'], companyId: null, permissions: ['manage_companies_users'] })).not.toContain('manager');
      expect(staff({ roles: [], companyId: 'c', permissions: ['manage_companies_users'] })).not.toContain('manager');
    });
    it('manager for manage_all_companies, with or without a company or a company role (ADR 0054)', () => {
      expect(staff({ roles: [], companyId: null, permissions: ['manage_all_companies'] })).toContain('manager');
      expect(staff({ roles: ['company_manager'], companyId: 'c', permissions: ['manage_all_companies'] })).toContain('manager');
    });
  });

  it("10c. the auditor's area for auditors only (ADR 0071)", () => {
    const items = buildSideMenu(input({ user: { ...learner, roles: ['auditor'] } }));
    expect(items.find((i) => i.id === 'audit')).toEqual({ id: 'audit', to: '/audit' });
    for (const role of ['learner', 'company_admin', 'tc_admin', 'tc_manager'] as const) expect(ids(buildSideMenu(input({ user: { ...learner, roles: [role] } })))).not.toContain('audit');
  });

  it('10. scheduling for tc_manager or tc_admin', () => {
    expect(ids(buildSideMenu(input({ user: { ...learner, roles: ['tc_manager'] } })))).toContain('scheduling');
    expect(ids(buildSideMenu(input({ user: { ...learner, roles: ['tc_admin'] } })))).toContain('scheduling');
    expect(ids(buildSideMenu(input({ user: { ...learner, roles: ['company_admin'] } })))).not.toContain('scheduling');
  });

  it('11. profile and sign-out last, marked for small screens only (hidden from 992 px by CSS)', () => {
    const items = buildSideMenu(input());
    expect(allIds(items).slice(-2)).toEqual(['profile', 'signOut']);
    expect(items.filter((item) => 'smallScreenOnly' in item).map((item) => item.id)).toEqual(['profile', 'signOut']);
    expect(ids(items)).not.toContain('profile');
    expect(allIds(buildSideMenu(input({ user: null })))).not.toContain('signOut');
    expect(allIds(buildSideMenu(input({ user: null })))).not.toContain('profile');
  });

  it('matches a host against a domain and its subdomains', () => {
    expect(isOnDomain('a.b.example', 'b.example')).toBe(true);
    expect(isOnDomain('evilb.example', 'b.example')).toBe(false);
    expect(isOnDomain('b.example', null)).toBe(false);
  });

  describe('footer', () => {
    it('apps drawer in pt-BR, NPS when signed in, support always', () => {
      expect(buildMenuFooter({ locale: 'pt-BR', country: 'BR', signedIn: true, whatsappUrl: null })).toEqual({ apps: true, nps: true, support: true, whatsapp: null });
      expect(buildMenuFooter({ locale: 'es', country: 'AR', signedIn: false, whatsappUrl: null })).toEqual({ apps: false, nps: false, support: true, whatsapp: null });
    });
    it('WhatsApp for Brazil when enabled', () => {
      expect(buildMenuFooter({ locale: 'pt-BR', country: 'BR', signedIn: true, whatsappUrl: 'https://wa.me/1' }).whatsapp).toBe('https://wa.me/1');
      expect(buildMenuFooter({ locale: 'pt-BR', country: 'MX', signedIn: true, whatsappUrl: 'https://wa.me/1' }).whatsapp).toBeNull();
      expect(buildMenuFooter({ locale: 'pt-BR', country: 'BR', signedIn: true, whatsappUrl: null }).whatsapp).toBeNull();
    });
  });
});

describe('scheduled events entries (001 §2, issue 15)', () => {
  const learner: AccessSubject = { roles: ['learner'], permissions: [], companyId: null, country: 'BR', allowedStations: {} };
  it('Events for a Brazilian tc_admin with the toggle on; My events for every signed-in role but the auditor', () => {
    const menu = (user: AccessSubject | null, scheduledEvents: boolean) => ids(buildSideMenu(input({ user, scheduledEvents })));
    expect(menu({ ...learner, roles: ['tc_admin'] }, true)).toEqual(expect.arrayContaining(['events', 'myEvents']));
    expect(menu({ ...learner, roles: ['tc_admin'], country: 'AR' }, true)).not.toContain('events');
    expect(menu({ ...learner, roles: ['tc_admin'] }, false)).not.toContain('events');
    expect(menu(learner, true)).toContain('myEvents');
    expect(menu(learner, true)).not.toContain('events');
    expect(menu(learner, false)).not.toContain('myEvents');
    expect(menu({ ...learner, roles: ['auditor'] }, true)).not.toContain('myEvents');
    expect(menu(null, true)).not.toContain('myEvents');
    expect(buildSideMenu(input({ user: learner, scheduledEvents: true })).find((i) => i.id === 'myEvents')).toEqual({ id: 'myEvents', to: '/scheduled-events/my-events' });
  });
});
