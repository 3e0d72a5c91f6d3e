import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { userStream } from '../../contracts/index.js';
import { appendIdentity, directoryStatuses, matrixCallers, seedCompany, seedLearning, seedUser, tokenWith, type MatrixCaller } from '../../testing/directory-kit.js';

let t: TestApp;
const A = newId();
const B = newId();
const C = newId();
const tokens = new Map<MatrixCaller, string | null>();
const u: Record<'joao' | 'maria' | 'jose' | 'joana', string> = { joao: '', maria: '', jose: '', joana: '' };

beforeAll(async () => {
  t = await startTestApp();
  await seedCompany(t, A, 'Cooperativa A');
  await seedCompany(t, B, 'Cooperativa B');
  await seedCompany(t, C, 'Cooperativa C');
  u.joao = await seedUser(t, {
    email: 'joao@a.example',
    companyId: A,
    allowedStations: { soja: true },
    details: { name: 'João Conceição', country: 'BR', state: 'SP', userType: 'Farmer', actingArea: 'Sales', group: 'g1', region: 'r1', businessUnit: 'bu1' },
    createdAt: '2026-03-01T10:00:00.000Z',
  });
  u.maria = await seedUser(t, {
    email: 'maria@a.example',
    companyId: A,
    roles: ['company_manager'],
    permissions: ['manage_companies_users'],
    allowedStations: 'all',
    account: false,
    details: { name: 'Maria Souza', country: 'BR', state: 'MG', userType: 'Distributor', actingArea: 'Marketing', group: 'g2', region: 'r2', businessUnit: 'bu2' },
    createdAt: '2026-03-15T12:00:00.000Z',
  });
  u.jose = await seedUser(t, {
    email: 'jose@a.example',
    companyId: A,
    allowedStations: { milho: true },
    details: { name: 'José Ávila', country: 'AR', userType: 'Farmer', actingArea: 'Sales', group: 'g1', region: 'r1', businessUnit: 'bu1' },
    createdAt: '2026-04-01T09:00:00.000Z',
  });
  await appendIdentity(t, userStream(u.jose), { type: 'UserDeactivated', data: { userId: u.jose, by: 'u', deactivatedAt: '2026-04-02T09:00:00.000Z' } });
  u.joana = await seedUser(t, {
    email: 'joana@b.example',
    companyId: B,
    allowedStations: { soja: true },
    details: { name: 'Joana Silva', country: 'BR', state: 'SP', userType: 'Farmer', actingArea: 'Sales', group: 'g1', region: 'r1', businessUnit: 'bu1' },
    createdAt: '2026-03-01T10:00:00.000Z',
  });
  await seedLearning(t, u.joao, '2026-04-10T08:00:00.000Z');
  await t.infra.projections.catchUp();
  for (const [name, access] of Object.entries(matrixCallers(A, B))) tokens.set(name as MatrixCaller, access ? await tokenWith(t, access) : null);
});
afterAll(async () => {
  await t?.close();
});

const find = (caller: MatrixCaller, query = '') => t.request('GET', `/api/manage-users/find${query}`, { token: tokens.get(caller) ?? undefined });
/** The users a query finds, by their short names, in answer order. */
async function found(caller: MatrixCaller, query: string): Promise<string[]> {
  const res = await find(caller, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((item: { userId: string }) => Object.entries(u).find(([, id]) => id === item.userId)?.[0] ?? item.userId);
}
const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const SCOPED: MatrixCaller = 'company_manager with manage_companies_users';
const ALL: MatrixCaller = 'holder of manage_all_companies';

describe('GET /api/manage-users/find: who may search', () => {
  const expected = directoryStatuses(200);
  for (const [caller, status] of Object.entries(expected) as [MatrixCaller, number][]) {
    it(`${caller}: ${status}`, async () => {
      const res = await find(caller, '?q=jo');
      expect(res.statusCode).toBe(status);
      if (status !== 200) return void expect(res.body).not.toContain('example');
      const access = matrixCallers(A, B)[caller];
      const scope = access && 'permissions' in access && (access.permissions as readonly string[]).includes('manage_all_companies') ? 'all' : access?.companyId;
      const items: { companyId: string; email: string }[] = res.json().items;
      if (scope === 'all') expect(items.map((i) => i.email)).toEqual(['joana@b.example', 'joao@a.example', 'jose@a.example']);
      else {
        expect(items.length).toBeGreaterThan(0);
        expect(items.every((i) => i.companyId === scope)).toBe(true);
        expect(res.body).not.toContain(scope === A ? '@b.example' : '@a.example');
      }
    });
  }

  it("a scoped manager who names another company finds nobody; its users never reach them, whatever the filter", async () => {
    expect(await found(SCOPED, `?companyId=${B}`)).toEqual([]);
    expect(await found(SCOPED, `?companyId=${A}&q=jo`)).toEqual(['joao', 'jose']);
    for (const query of ['', '?q=joana', '?state=SP', '?sort=createdAt', '?hasAccount=true', '?station=soja', `?companyId=${B}&q=joana`]) {
      const res = await find(SCOPED, query);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('joana');
    }
    expect(await found('manager of another company', '')).toEqual(['joana']);
    expect(await found(ALL, `?companyId=${B}`)).toEqual(['joana']);
  });
});

describe('GET /api/manage-users/find: free text', () => {
  it('folds accents and case: "Joao" finds "João", "AVILA" finds "Ávila"; words must all match, in the name or the e-mail', async () => {
    expect(await found(SCOPED, '?q=Joao')).toEqual(['joao']);
    expect(await found(SCOPED, '?q=Jo%C3%A3o')).toEqual(['joao']);
    expect(await found(SCOPED, '?q=AVILA')).toEqual(['jose']);
    expect(await found(SCOPED, '?q=conceicao%20joao')).toEqual(['joao']);
    expect(await found(SCOPED, '?q=maria%40a.ex')).toEqual(['maria']);
    expect(await found(SCOPED, '?q=a.example')).toEqual(['joao', 'jose', 'maria']);
    expect(await found(ALL, '?q=jo')).toEqual(['joana', 'joao', 'jose']);
    // like's wildcards are plain characters
    expect(await found(SCOPED, '?q=%25')).toEqual([]);
    expect(await found(SCOPED, '?q=j_ao')).toEqual([]);
  });
});

describe('GET /api/manage-users/find: filters', () => {
  const cases: [string, string[]][] = [
    ['country=AR', ['jose']],
    ['state=SP', ['joao']],
    ['role=company_manager', ['maria']],
    ['permission=manage_companies_users', ['maria']],
    ['userType=Farmer', ['joao', 'jose']],
    ['actingArea=Marketing', ['maria']],
    ['station=soja', ['joao', 'maria']],
    ['station=milho', ['jose', 'maria']],
    ['group=g1', ['joao', 'jose']],
    ['region=r2', ['maria']],
    ['businessUnit=bu1', ['joao', 'jose']],
    ['hasAccount=false', ['maria']],
    ['hasAccount=true', ['joao', 'jose']],
    ['active=false', ['jose']],
    ['active=true', ['joao', 'maria']],
    ['neverStarted=true', ['jose', 'maria']],
    ['neverStarted=false', ['joao']],
    ['createdFrom=2026-03-15', ['jose', 'maria']],
    ['createdTo=2026-03-15', ['joao', 'maria']],
    ['createdTo=2026-03-15T12:00:00.000Z', ['joao', 'maria']],
    ['createdTo=2026-03-15T11:59:59Z', ['joao']],
    ['createdFrom=2026-03-02&createdTo=2026-03-31', ['maria']],
    ['lastActiveFrom=2026-04-10', ['joao']],
    ['lastActiveTo=2026-04-09', []],
    ['lastActiveFrom=2026-04-01T00:00:00-03:00&lastActiveTo=2026-04-10', ['joao']],
    ['q=jo&userType=Farmer&group=g1', ['joao', 'jose']],
    ['q=jo&state=SP&active=true', ['joao']],
  ];
  for (const [query, expected] of cases) {
    it(`${query} -> ${expected.join(', ') || 'nobody'}`, async () => {
      expect(await found(SCOPED, `?${query}`)).toEqual(expected);
    });
  }

  it('sorts by name, e-mail, creation and last activity, ascending or descending (never active last when descending)', async () => {
    expect(await found(SCOPED, '?sort=name')).toEqual(['joao', 'jose', 'maria']);
    expect(await found(SCOPED, '?sort=name&order=desc')).toEqual(['maria', 'jose', 'joao']);
    expect(await found(SCOPED, '?sort=email')).toEqual(['joao', 'jose', 'maria']);
    expect(await found(SCOPED, '?sort=createdAt&order=desc')).toEqual(['jose', 'maria', 'joao']);
    expect((await found(SCOPED, '?sort=lastActiveAt&order=desc'))[0]).toBe('joao');
    expect((await found(SCOPED, '?sort=lastActiveAt&order=asc')).at(-1)).toBe('joao');
  });

  it('refuses bad input with 400 and the field', async () => {
    for (const [query, field] of [
      ['hasAccount=maybe', 'hasAccount'],
      ['role=boss', 'role'],
      ['permission=everything', 'permission'],
      ['createdFrom=yesterday', 'createdFrom'],
      ['createdFrom=0000-01-01', 'createdFrom'],
      ['lastActiveTo=9999-12-31', 'lastActiveTo'],
      ['companyId=nope', 'companyId'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['order=up', 'order'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      // forged: a time Postgres would refuse, a NUL
      [`sort=createdAt&cursor=${forged(['createdAt', 'asc', '2026-13-01T00:00:00.000Z', u.joao])}`, 'cursor'],
      [`cursor=${forged(['name', 'asc', 'a\u0000', u.joao])}`, 'cursor'],
    ]) {
      const res = await find(SCOPED, `?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    }
  });
});

describe('GET /api/manage-users/find: keyset paging', () => {
  const manager: MatrixCaller = 'holder of manage_all_companies';
  let original: string[] = [];
  beforeAll(async () => {
    // names with ties in the sort key (same name) and creation times in the same instant
    const seeded = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        seedUser(t, { email: `paging${String(i).padStart(2, '0')}@c.example`, companyId: C, details: { name: `Paging ${String(i % 10).padStart(2, '0')}` }, createdAt: `2026-07-${String(1 + (i % 5)).padStart(2, '0')}T00:00:00.000Z` }),
      ),
    );
    original = seeded;
    await t.infra.projections.catchUp();
  });

  for (const [sort, order, text] of [
    ['name', 'asc', ''],
    ['email', 'desc', ''],
    ['createdAt', 'desc', ''],
    ['lastActiveAt', 'asc', ''],
    // through the trigram index (a word of three letters or more)
    ['name', 'asc', 'paging'],
    ['createdAt', 'asc', 'c.example pag'],
  ] as const) {
    it(`${sort} ${order}${text ? ` for "${text}"` : ''}: every user there when paging starts comes exactly once, while others are added between and during the page reads`, async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?companyId=${C}&sort=${sort}&order=${order}&limit=7${text ? `&q=${encodeURIComponent(text)}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        // the first pages race with inserts before, at and after the cursor's position
        const inserts = Promise.all(
          (pages < 4 ? ['Aaa Paging', 'Zzz Paging', 'Paging 05'] : []).map((name) =>
            seedUser(t, { email: `${newId()}@c.example`, companyId: C, details: { name }, createdAt: `2026-07-0${1 + (pages % 5)}T00:00:00.000Z` }),
          ),
        );
        const [res] = await Promise.all([find(manager, query), inserts]);
        await t.infra.projections.catchUp();
        expect(res.statusCode).toBe(200);
        const page: { items: { userId: string }[]; nextCursor: string | null } = res.json();
        expect(page.items.length).toBeLessThanOrEqual(7);
        seen.push(...page.items.map((i) => i.userId));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 200);
      expect(cursor).toBeNull();
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of original) expect(seen.filter((s) => s === id)).toHaveLength(1);
    });
  }
});
