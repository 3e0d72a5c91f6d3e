import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { sessionStream, userStream, type IdentityEvent } from '@portal/identity/contracts';
import { progressStream, type ProgressEvent } from '@portal/learning/contracts';
import { usersProjection } from './users.projection.js';
import { findDirectoryUser, findDirectoryUsers, type DirectoryFilter } from './queries.js';
import { isoOrNull } from '@portal/kernel';

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const COMPANY = '01900000-0000-7000-8000-0000000000c1';
const access = { roles: ['learner' as const], permissions: [], aclTags: ['dist:all'], companyId: COMPANY, allowedStations: { soja: true as const } };

const append = (stream: string, ...events: IdentityEvent[]) => store.append(stream, events, { expectedRevision: 'any', context: ctx });
const progress = (actor: string, ...events: ProgressEvent[]) => store.append(progressStream(actor, 'soja'), events, { expectedRevision: 'any', context: ctx });
const user = async (userId: string) => {
  await runtime.catchUp();
  return findDirectoryUser(runtime.reader('users'), userId);
};
const find = async (filter: DirectoryFilter) =>
  (await findDirectoryUsers(runtime.reader('users'), filter, { sort: 'name', order: 'asc', limit: 100 })).rows.map((r) => r.user_id);

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [usersProjection], { run: false, batchSize: 3 });
  await runtime.start();
});
afterAll(async () => {
  await runtime?.stop();
  await store?.close();
  await db?.drop();
});

describe('users projection: the manager view (issue 14)', () => {
  const pre = 'u-pre';
  it('a pre-registered user has a row without an account, with the details and access the manager gave', async () => {
    await append(userStream(pre), {
      type: 'UserPreRegistered',
      data: { userId: pre, email: 'joao@coop.example', details: { name: 'João Conceição', country: 'BR', state: 'SP', group: 'g-1', businessUnit: 'bu-1', salesTeam: 'st-1' }, ...access, by: 'u-manager', preRegisteredAt: at(0) },
    });
    const row = await user(pre);
    expect(row).toMatchObject({ email: 'joao@coop.example', name: 'João Conceição', name_folded: 'joao conceicao', country: 'BR', state: 'SP', user_group: 'g-1', business_unit: 'bu-1', sales_team: 'st-1' });
    expect(row).toMatchObject({ has_account: false, active: true, company_id: COMPANY, roles: ['learner'], allowed_stations: { soja: true }, city: null, invited_at: null, last_active_at: null, first_activity_at: null });
    expect(isoOrNull(row!.created_at)).toBe(at(0));
  });

  it('an invitation records when it was sent; registering with the address gives the account and keeps company, details and creation date', async () => {
    await append(userStream(pre), { type: 'InvitationSent', data: { userId: pre, email: 'joao@coop.example', codeHash: 'h', by: 'u-manager', sentAt: at(1), expiresAt: at(60) } });
    expect(isoOrNull((await user(pre))!.invited_at)).toBe(at(1));
    await append(userStream(pre), { type: 'UserRegistered', data: { userId: pre, email: 'joao@coop.example', passwordHash: 'x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: at(2), registeredAt: at(2) } });
    const row = await user(pre);
    expect(row).toMatchObject({ has_account: true, company_id: COMPANY, name: 'João Conceição', user_group: 'g-1', lang: 'pt-BR' });
    expect(isoOrNull(row!.created_at)).toBe(at(0));
    expect(isoOrNull(row!.updated_at)).toBe(at(2));
  });

  it('details change only where named; a new name is searchable without accents', async () => {
    await append(userStream(pre), { type: 'UserDetailsChanged', data: { userId: pre, details: { name: 'Joana Ávila', city: 'Campinas', expertState: 'MG', theme: 't-1', subTheme: 's-1' }, by: 'u-manager', changedAt: at(3) } });
    const row = await user(pre);
    expect(row).toMatchObject({ name: 'Joana Ávila', city: 'Campinas', state: 'SP', expert_state: 'MG', theme: 't-1', sub_theme: 's-1', user_group: 'g-1' });
    expect(await find({ text: 'AVILA' })).toEqual([pre]);
    expect(await find({ text: 'joana coop.example' })).toEqual([pre]);
    expect(await find({ text: 'conceicao' })).toEqual([]);
  });

  it('access changes replace the access columns', async () => {
    await append(userStream(pre), { type: 'AccessChanged', data: { userId: pre, roles: ['company_manager'], permissions: ['manage_companies_users'], aclTags: [], companyId: COMPANY, allowedStations: 'all', by: 'u-admin', changedAt: at(4) } });
    expect(await user(pre)).toMatchObject({ roles: ['company_manager'], permissions: ['manage_companies_users'], acl_tags: [], allowed_stations: 'all' });
    expect(await find({ role: 'company_manager', permission: 'manage_companies_users', station: 'milho' })).toEqual([pre]);
  });

  it('deactivation and reactivation flip active', async () => {
    await append(userStream(pre), { type: 'UserDeactivated', data: { userId: pre, by: 'u-admin', deactivatedAt: at(5) } });
    expect((await user(pre))!.active).toBe(false);
    expect(await find({ active: false })).toEqual([pre]);
    await append(userStream(pre), { type: 'UserReactivated', data: { userId: pre, by: 'u-admin', reactivatedAt: at(6) } });
    expect((await user(pre))!.active).toBe(true);
  });

  it('a deleted pre-registered user leaves the directory', async () => {
    await append(userStream('u-gone'), { type: 'UserPreRegistered', data: { userId: 'u-gone', email: 'gone@coop.example', details: {}, ...access, by: 'u-manager', preRegisteredAt: at(7) } });
    expect(await user('u-gone')).toBeDefined();
    await append(userStream('u-gone'), { type: 'UserDeleted', data: { userId: 'u-gone', email: 'gone@coop.example', by: 'u-manager', deletedAt: at(8) } });
    expect(await user('u-gone')).toBeUndefined();
  });
});

describe('users projection: activity (last active, never started)', () => {
  const u = 'u-active';
  it('sign-ins and session refreshes make a user active; visits too, but only progress on content starts learning', async () => {
    await append(userStream(u), { type: 'UserRegistered', data: { userId: u, email: 'active@example.com', passwordHash: 'x', country: 'BR', ref: null, lang: null, consentAt: at(0), registeredAt: at(0) } });
    expect(await user(u)).toMatchObject({ has_account: true, last_active_at: null, first_activity_at: null });
    await append(userStream(u), { type: 'SignInSucceeded', data: { userId: u, sessionId: 's-1', at: at(10), ip: null } });
    await append(sessionStream('s-1'), { type: 'SessionStarted', data: { sessionId: 's-1', userId: u, refreshHash: 'r', startedAt: at(10), expiresAt: at(1000), ip: null, userAgent: null } });
    expect(isoOrNull((await user(u))!.last_active_at)).toBe(at(10));
    await append(sessionStream('s-1'), { type: 'SessionRefreshed', data: { sessionId: 's-1', refreshHash: 'r2', refreshedAt: at(20) } });
    expect(isoOrNull((await user(u))!.last_active_at)).toBe(at(20));
    await progress(u, { type: 'StationVisited', data: { actor: u, stationId: 'soja', viewType: 'map', visitedAt: at(30) } });
    const visited = await user(u);
    expect(isoOrNull(visited!.last_active_at)).toBe(at(30));
    expect(visited!.first_activity_at).toBeNull();
    expect(await find({ neverStarted: true, text: 'active@' })).toEqual([u]);
  });

  it('the first content progress is when learning started; later activity moves only last active, and an older event never moves it back', async () => {
    await progress(
      u,
      { type: 'ContentViewed', data: { actor: u, stationId: 'soja', entryId: 'e1', entryType: 'video', viewedAt: at(40) } },
      { type: 'MediaStarted', data: { actor: u, stationId: 'soja', entryId: 'e1', entryType: 'video', playSessionId: 'p', seconds: 0, duration: 60, startedAt: at(41) } },
      { type: 'MediaCompleted', data: { actor: u, stationId: 'soja', entryId: 'e1', entryType: 'video', playSessionId: 'p', duration: 60, via: 'end', completedAt: at(42) } },
      { type: 'BookmarkAdded', data: { actor: u, stationId: 'soja', entryId: 'e1', bookmarkAt: at(25) } },
    );
    const row = await user(u);
    expect(isoOrNull(row!.first_activity_at)).toBe(at(40));
    expect(isoOrNull(row!.last_active_at)).toBe(at(42));
    expect(await find({ neverStarted: false, text: 'active@' })).toEqual([u]);
    expect(await find({ lastActive: { from: at(42), before: at(43) } })).toEqual([u]);
    expect(await find({ lastActive: { from: at(43) } })).toEqual([]);
  });

  it("guests' progress touches nobody", async () => {
    await progress('guest:0b0e', { type: 'ContentViewed', data: { actor: 'guest:0b0e', stationId: 'soja', entryId: 'e1', entryType: 'video', viewedAt: at(50) } });
    expect(isoOrNull((await user(u))!.last_active_at)).toBe(at(42));
  });

  it('a rebuild from the log gives the same rows', async () => {
    const all = async () => (await runtime.reader('users').selectFrom('users').selectAll().orderBy('user_id').execute()).map((r) => JSON.stringify(r));
    const before = await all();
    await runtime.rebuild('users');
    expect(await all()).toEqual(before);
  });
});
