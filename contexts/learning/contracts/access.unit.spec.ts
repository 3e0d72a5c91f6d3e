import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Principal } from '@portal/kernel';
import { contentPackSchema } from './pack.js';
import { hasStationsAccessOf, isLearnerAccount, stationAccessIn } from './access.js';

/**
 * The station access rule over the demo catalogue (content/pack.json), ADR 0033: the default
 * access of a self-registered learner by country and account state, explicit grants on top of it,
 * and "never less than a guest" for every kind of signed-in user.
 */

const pack = contentPackSchema.parse(JSON.parse(readFileSync(new URL('../../../content/pack.json', import.meta.url), 'utf8')));
const stations = new Map(pack.stations.map((s) => [s.stationId, s]));
const ALL = pack.stations.map((s) => s.stationId);

type User = Extract<Principal, { kind: 'user' }>;
/** A learner as registration leaves them: no roles beyond learner, no tags, no grants. */
const newLearner = (over: Partial<User> = {}): User => ({
  kind: 'user',
  userId: 'u',
  email: 'u@example.com',
  roles: ['learner'],
  permissions: [],
  aclTags: [],
  companyId: null,
  country: 'BR',
  allowedStations: {},
  registerStatus: 'Completed',
  emailVerified: true,
  sessionId: 's',
  ...over,
});
const guest: Principal = { kind: 'guest', guestId: 'g' };

const opens = (principal: Principal) => ALL.filter((id) => stationAccessIn(stations, principal, id) === 'allowed').sort();

/** Active stations of the demo pack without ACL tags on themselves or their crop, for every country. */
const OPEN_EVERYWHERE = [
  'algodao',
  'algodao-fibra',
  'algodao-pragas',
  'algodao-solo',
  'biblioteca-agronomica',
  'biblioteca-rotulos',
  'boas-vindas',
  'competencia-lideranca',
  'gestao-custos',
  'gestao-pessoas',
  'herramientas_comerciales',
  'lideranca-feedback',
  'negociacao',
  'tr_gestao_rural',
  'tr_procesos_comerciales',
  'trigo',
];

describe('the default access of a new learner (ADR 0033)', () => {
  it('in Brazil: the open catalogue and the Brazil-only podcast', () => {
    expect(opens(newLearner({ country: 'BR' }))).toEqual([...OPEN_EVERYWHERE, 'ctb_cast'].sort());
  });

  it.each(['AR', 'MX', 'CL', 'US'])('in %s: the open catalogue without the Brazil-only podcast', (country) => {
    expect(opens(newLearner({ country }))).toEqual(OPEN_EVERYWHERE);
    expect(stationAccessIn(stations, newLearner({ country }), 'ctb_cast')).toBe('forbidden');
  });

  it('without a country: the stations open in every country', () => {
    expect(opens(newLearner({ country: null }))).toEqual(OPEN_EVERYWHERE);
  });

  it('is the same for every user type: the rule has no user-type input, and distribution content needs a granted tag', () => {
    // a user type is declared by the learner on the profile form: it opens nothing by itself
    for (const id of ['soja', 'soja-plantio', 'milho', 'milho-hibridos', 'milho-nutricao']) expect(stationAccessIn(stations, newLearner(), id)).toBe('forbidden');
  });

  it('keeps inactive and retired stations hidden (not-found), whatever the access', () => {
    expect(stationAccessIn(stations, newLearner(), 'arquivo-2023')).toBe('not-found');
    expect(stationAccessIn(stations, newLearner({ allowedStations: 'all', aclTags: ['dist:all'] }), 'arquivo-2023')).toBe('not-found');
  });

  it('starts when the account is a learner: e-mail verified and registration Completed', () => {
    const guestOnly = opens(guest);
    expect(opens(newLearner({ emailVerified: false }))).toEqual(guestOnly);
    expect(opens(newLearner({ registerStatus: 'UserProfile' }))).toEqual(guestOnly);
    expect(opens(newLearner({ registerStatus: 'None', emailVerified: false }))).toEqual(guestOnly);
    expect(isLearnerAccount({ emailVerified: true, registerStatus: 'Completed' })).toBe(true);
    expect(isLearnerAccount({ emailVerified: true, registerStatus: 'UserProfile' })).toBe(false);
  });
});

describe('explicit grants compose with the default', () => {
  it('a granted crop with its tag adds to the open catalogue', () => {
    const granted = newLearner({ country: 'AR', allowedStations: { soja: true }, aclTags: ['dist:soja_monsoy'] });
    expect(opens(granted)).toEqual([...OPEN_EVERYWHERE, 'soja', 'soja-colheita', 'soja-manejo', 'soja-plantio'].sort());
  });

  it('a tag without the grant, or the grant without the tag, opens nothing more', () => {
    expect(opens(newLearner({ aclTags: ['dist:soja_monsoy'] }))).toEqual(opens(newLearner()));
    expect(opens(newLearner({ allowedStations: { soja: true } }))).toEqual(opens(newLearner()));
  });

  it('"all" with dist:all opens every active station of the country; the country still limits', () => {
    const everything = ALL.filter((id) => stations.get(id)!.isActive).sort();
    expect(opens(newLearner({ allowedStations: 'all', aclTags: ['dist:all'] }))).toEqual(everything);
    expect(opens(newLearner({ country: 'AR', allowedStations: 'all', aclTags: ['dist:all'] }))).toEqual(everything.filter((id) => id !== 'ctb_cast'));
  });

  it('an explicit grant does not wait for the profile (a manager may grant before completion)', () => {
    expect(stationAccessIn(stations, newLearner({ registerStatus: 'None', allowedStations: { algodao: true } }), 'algodao-solo')).toBe('allowed');
  });
});

describe('a signed-in user never opens less than a guest', () => {
  const users: [string, User][] = [
    ['a new learner', newLearner()],
    ['an unverified account', newLearner({ emailVerified: false, registerStatus: 'None' })],
    ['a learner of another country', newLearner({ country: 'MX' })],
    ['a learner with one unrelated grant', newLearner({ allowedStations: { soja: true }, aclTags: ['dist:soja_monsoy'], country: 'AR' })],
    ['a learner holding a tag no guest station has', newLearner({ aclTags: ['team:monsoy'] })],
  ];
  it.each(users)('%s', (_name, user) => {
    const guestOpens = opens(guest);
    expect(guestOpens.length).toBeGreaterThan(0);
    expect(opens(user)).toEqual(expect.arrayContaining(guestOpens));
  });
});

describe('hasStationsAccess (/userData)', () => {
  it('is true for a learner by default and for an explicit grant, false for an account being set up without grants', () => {
    expect(hasStationsAccessOf({ allowedStations: {}, emailVerified: true, registerStatus: 'Completed' })).toBe(true);
    expect(hasStationsAccessOf({ allowedStations: {}, emailVerified: false, registerStatus: 'Completed' })).toBe(false);
    expect(hasStationsAccessOf({ allowedStations: {}, emailVerified: true, registerStatus: 'UserProfile' })).toBe(false);
    expect(hasStationsAccessOf({ allowedStations: { soja: true }, emailVerified: false, registerStatus: 'None' })).toBe(true);
    expect(hasStationsAccessOf({ allowedStations: 'all', emailVerified: false, registerStatus: 'None' })).toBe(true);
  });
});
