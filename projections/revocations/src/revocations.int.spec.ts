import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { RevocationList } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { sessionStream, userStream, type AccessChanged, type PasswordChanged, type SessionRevoked, type UserDeactivated } from '@portal/identity/contracts';
import { REVOCATION_RETENTION_MS, revocationsProjection } from './revocations.projection.js';
import { RevocationWatcher } from './revocation-watcher.js';

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const sec = (s: number) => Math.floor((T0 + s * 1000) / 1000);
let now = T0;
const KEEP_MS = 900_000 + 60_000;

const revokeSession = (sessionId: string, userId: string, s: number) =>
  store.append(sessionStream(sessionId), [{ type: 'SessionRevoked', data: { sessionId, userId, reason: 'logoff', revokedAt: at(s) } satisfies SessionRevoked['data'] }], { expectedRevision: 'any', context: ctx });
const changePassword = (userId: string, s: number, via: 'reset' | 'profile') =>
  store.append(userStream(userId), [{ type: 'PasswordChanged', data: { userId, passwordHash: 'h', changedAt: at(s), via } satisfies PasswordChanged['data'] }], { expectedRevision: 'any', context: ctx });
const rows = async () => (await runtime.reader('revocations').selectFrom('revocations').select(['key', 'not_before', 'reason']).orderBy('key').execute()).map((r) => ({ ...r, not_before: r.not_before ? new Date(r.not_before).toISOString() : null }));

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [revocationsProjection], { run: false, batchSize: 2 });
  await runtime.start();
});
afterAll(async () => {
  await runtime?.stop();
  await store?.close();
  await db?.drop();
});

describe('revocations projection and watcher', () => {
  const list = new RevocationList(KEEP_MS);
  let watcher: RevocationWatcher;

  it('an instance starting up refuses what was revoked before it started', async () => {
    await revokeSession('s1', 'u1', 0);
    await changePassword('u2', 10, 'reset');
    await changePassword('u3', 10, 'profile');
    await runtime.catchUp();
    watcher = new RevocationWatcher({ reader: () => runtime.reader('revocations'), list, now: () => new Date(now), pollMs: 60_000 });
    await watcher.start();
    expect(list.isRevoked({ sub: 'u1', sid: 's1', iat: sec(-5) })).toBe(true);
    // a reset refuses the user's tokens issued up to it, in every session; later ones work
    expect(list.isRevoked({ sub: 'u2', sid: 'x', iat: sec(9) })).toBe(true);
    expect(list.isRevoked({ sub: 'u2', sid: 'x', iat: sec(11) })).toBe(false);
    // a password changed while signed in keeps the sessions
    expect(list.isRevoked({ sub: 'u3', sid: 'y', iat: sec(9) })).toBe(false);
  });

  it('a running instance picks up new revocations on its next read', async () => {
    await revokeSession('s2', 'u1', 20);
    await runtime.catchUp();
    expect(list.isRevoked({ sub: 'u1', sid: 's2', iat: sec(15) })).toBe(false);
    await watcher.poll();
    expect(list.isRevoked({ sub: 'u1', sid: 's2', iat: sec(15) })).toBe(true);
  });

  it('a deactivation and a change of access refuse the user\'s tokens issued up to them (ADR 0050)', async () => {
    await store.append(userStream('u5'), [{ type: 'UserDeactivated', data: { userId: 'u5', by: 'm1', deactivatedAt: at(22) } satisfies UserDeactivated['data'] }], { expectedRevision: 'any', context: ctx });
    await store.append(
      userStream('u6'),
      [{ type: 'AccessChanged', data: { userId: 'u6', roles: ['learner'], permissions: [], aclTags: [], companyId: null, allowedStations: 'all', by: 'm1', changedAt: at(24) } satisfies AccessChanged['data'] }],
      { expectedRevision: 'any', context: ctx },
    );
    await runtime.catchUp();
    await watcher.poll();
    expect(list.isRevoked({ sub: 'u5', sid: 'any', iat: sec(21) })).toBe(true);
    expect(list.isRevoked({ sub: 'u5', sid: 'any', iat: sec(23) })).toBe(false);
    // the refresh after the change gets a token that works
    expect(list.isRevoked({ sub: 'u6', sid: 'any', iat: sec(23) })).toBe(true);
    expect(list.isRevoked({ sub: 'u6', sid: 'any', iat: sec(25) })).toBe(false);
  });

  it('a rebuild gives the same rows, and the watcher keeps reading past it', async () => {
    const before = await rows();
    await runtime.rebuild('revocations');
    expect(await rows()).toEqual(before);
    await revokeSession('s3', 'u4', 30);
    await runtime.catchUp();
    await watcher.poll();
    expect(list.isRevoked({ sub: 'u4', sid: 's3', iat: sec(25) })).toBe(true);
  });

  it('rows and entries go once no token they refuse can be valid', async () => {
    const later = (REVOCATION_RETENTION_MS + 60_000) / 1000;
    await revokeSession('s9', 'u9', later);
    await runtime.catchUp();
    expect((await rows()).map((r) => r.key)).toEqual(['session:s9']);
    now = T0 + KEEP_MS + 31_000;
    await watcher.poll();
    expect(list.isRevoked({ sub: 'u1', sid: 's1', iat: sec(-5) })).toBe(false);
    expect(list.isRevoked({ sub: 'u9', sid: 's9', iat: sec(later - 5) })).toBe(true);
    await watcher.stop();
  });
});
