import { newId, type Role, type UserClaims } from '@portal/kernel';
import type { InjectResponse, TestApp } from './app.js';
import { accessTokenFor } from './identity.js';

export type Call = (method: string, url: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }) => Promise<InjectResponse>;

const newer = (a: string | undefined, b: string): string => {
  if (!a) return b;
  const [at, ap] = a.split('.').map(BigInt) as [bigint, bigint];
  const [bt, bp] = b.split('.').map(BigInt) as [bigint, bigint];
  return bt > at || (bt === at && bp > ap) ? b : a;
};

/**
 * Requests as the SPA makes them: the newest x-event-position of any answer goes out as
 * x-min-position on the following GETs (read-your-writes), so reads see earlier writes on a
 * Postgres server too, where projections run behind the commands.
 */
export function trackingClient(t: TestApp): Call & { position(): string | undefined; catchUp(): Promise<void> } {
  let position: string | undefined;
  const call: Call = async (method, url, options = {}) => {
    const headers = { ...(options.headers ?? {}) };
    if (method === 'GET' && position && !headers['x-min-position']) headers['x-min-position'] = position;
    const res = await t.request(method, url, { ...options, headers });
    const p = res.headers['x-event-position'];
    if (typeof p === 'string') position = newer(position, p);
    return res;
  };
  return Object.assign(call, {
    position: () => position,
    /** Moves the read position to the head of the log (after writes that answer no position, like the expiry process). */
    async catchUp() {
      const head = await t.infra.store.headCheckpoint();
      position = newer(position, `${head.transactionId}.${head.position}`);
    },
  });
}

/** The kernel's access claims and the user's id. */
type TestUserClaims = UserClaims & { userId: string };

/**
 * A bearer token for a signed-in user of a role, signed with the app's own key: the same
 * principal the guard builds after a real sign-in (the browser e2e signs the demo users in).
 * Context tests use it instead of seeding identity users (a context never imports another's
 * application); `claims` changes any of the defaults (a Brazilian account, every station).
 */
export function tokenFor(t: TestApp, role: Role, claims: Partial<TestUserClaims> = {}): Promise<string> {
  const c: TestUserClaims = {
    userId: newId(),
    email: `${role.replace('_', '.')}@test.agro`,
    roles: [role],
    permissions: [],
    aclTags: [],
    companyId: null,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
    ...claims,
  };
  const { userId, ...rest } = c;
  return accessTokenFor(t, { sub: userId, sid: newId(), ...rest });
}
