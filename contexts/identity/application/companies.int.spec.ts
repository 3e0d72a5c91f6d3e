import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type InjectResponse, type TestApp } from '@portal/testing/app';
import { importContentPack } from '@portal/learning/application';
import { companyRoutes, REFERENCE_LISTS } from '../contracts/index.js';
import { after, matrixActors, tokenAs, type MatrixActor } from '../testing/companies-kit.js';
import { DEMO_COMPANY, DEMO_DISTRIBUTOR_COMPANY, DEMO_INVITATION_ONLY_COMPANY, seedDemoCompanies } from './seed/demo-companies.js';

let t: TestApp;
const A = DEMO_COMPANY;
const B = DEMO_DISTRIBUTOR_COMPANY;
const actors = matrixActors(A, B);
const tokens = {} as Record<Exclude<MatrixActor, 'signedOut'>, string>;
const names = Object.keys(actors) as Exclude<MatrixActor, 'signedOut'>[];
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoCompanies(t.infra.store, t.infra.clock);
  const pack = await importContentPack(t.infra.store, t.infra.clock);
  if (pack.checkpoint) await t.infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
  await t.infra.projections.waitFor('companies', await t.infra.store.headCheckpoint(), 30_000);
  for (const name of names) tokens[name] = await tokenAs(t, actors[name]);
  admin = tokens.companyAdminAllCompanies;
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Expected = Record<MatrixActor, number>;
const all = (status: number, except: Partial<Expected> = {}): Expected =>
  ({ signedOut: 401, ...Object.fromEntries(names.map((n) => [n, status])), ...except }) as Expected;
/** managerScope: manage_all_companies, or company staff with a company and manage_companies_users */
const SCOPE = all(403, { companyManager: 200, companyAdminUsers: 200, companyAdminAllCompanies: 200, otherCompanyManager: 200 });
/** the manager area (001 §6): company staff with a company, or manage_all_companies */
const AREA = all(200, { learner: 403, tcAdmin: 403, auditor: 403 });
const ADMIN = (ok: number) => all(403, { companyAdminAllCompanies: ok });

/** Every caller's status, and the bodies the company-scoped callers received. */
async function matrix(method: string, url: string, body?: () => unknown): Promise<{ statuses: Expected; scopedBodies: Record<string, string> }> {
  const statuses = {} as Expected;
  const scopedBodies: Record<string, string> = {};
  for (const name of ['signedOut', ...names] as MatrixActor[]) {
    const res: InjectResponse = await t.request(method, url, { ...(name === 'signedOut' ? {} : { token: tokens[name] }), ...(body ? { body: body() } : {}) });
    statuses[name] = res.statusCode;
    if (name !== 'signedOut' && !(actors[name].permissions as readonly string[]).includes('manage_all_companies')) scopedBodies[name] = res.body;
  }
  return { statuses, scopedBodies };
}

const B_NAME = 'Distribuidora Campo Forte';
const A_NAME = 'Cooperativa Demo';

describe('who may call each endpoint (issue 14 matrix)', () => {
  const reads: [string, Expected][] = [
    ['/api/manage-users/company-list', SCOPE],
    [`/api/manage-users/company/${A}`, { ...SCOPE, otherCompanyManager: 404 }],
    ['/api/manage-users/manager-company', AREA],
    ['/api/manage-users/acl-options', SCOPE],
    ['/api/manage-users/crops', AREA],
    ['/api/manage-users/groups', AREA],
    ['/api/manage-users/region-options', AREA],
    ['/api/manage-users/business-unity-options', AREA],
    ['/api/manage-users/group-responsibles-list?text=a', AREA],
    ['/api/manage-users/reference-options?lang=es', AREA],
    ['/api/adminApi/manager-reports-lookups/acl-tags-options', AREA],
    ['/api/manage-users/reference-data', ADMIN(200)],
  ];
  for (const [url, expected] of reads) {
    it(`GET ${url}`, async () => {
      const { statuses, scopedBodies } = await matrix('GET', url);
      expect(statuses).toEqual(expected);
      // a manager scoped to one company never receives another company's data
      for (const [name, body] of Object.entries(scopedBodies)) {
        const own = actors[name as keyof typeof actors].companyId;
        if (own !== B) expect(body, name).not.toContain(B_NAME), expect(body, name).not.toContain(B);
        if (own !== A) expect(body, name).not.toContain(A_NAME), expect(body, name).not.toContain(A);
      }
    });
  }

  let n = 0;
  const writes: [string, string, () => unknown, Expected][] = [
    ['POST', '/api/manage-users/company', () => ({ name: `Fazenda Nova ${++n}`, businessCode: `BC-${n}`, phone: null, contactEmail: null, contactName: null, contactPhone: null }), ADMIN(201)],
    ['PUT', `/api/manage-users/company/${A}`, () => ({ contactName: `Contato ${++n}` }), ADMIN(200)],
    ['PUT', `/api/manage-users/company/${A}/domains`, () => ({ domains: ['cooperativa.demo'], invitationOnly: false }), ADMIN(200)],
    ['POST', '/api/manage-users/reference-data/regions', () => ({ itemId: 'centro-sul', labels: { 'pt-BR': 'Centro-Sul', es: 'Centro-Sur', en: 'Center-South' } }), ADMIN(200)],
    ['DELETE', '/api/manage-users/reference-data/regions/norte', () => undefined, ADMIN(200)],
  ];
  for (const [method, url, body, expected] of writes) {
    it(`${method} ${url}`, async () => {
      expect((await matrix(method, url, body)).statuses).toEqual(expected);
    });
  }
});

describe('companies', () => {
  it('lists every company by name for manage_all_companies, and only their own for a scoped manager', async () => {
    const everyCompany = await t.request('GET', '/api/manage-users/company-list', { token: admin });
    const list = companyRoutes.companyList.response.parse(everyCompany.json());
    expect(list.map((c) => c.companyId)).toEqual(expect.arrayContaining([A, B, DEMO_INVITATION_ONLY_COMPANY]));
    const sorted = [...list].sort((x, y) => x.name.localeCompare(y.name, 'pt-BR', { sensitivity: 'base' }));
    expect(list.map((c) => c.name)).toEqual(sorted.map((c) => c.name));
    const own = (await t.request('GET', '/api/manage-users/company-list', { token: tokens.companyManager })).json();
    expect(own.map((c: { companyId: string }) => c.companyId)).toEqual([A]);
    const other = (await t.request('GET', '/api/manage-users/company-list', { token: tokens.otherCompanyManager })).json();
    expect(other.map((c: { companyId: string }) => c.companyId)).toEqual([B]);
  });

  it('finds companies by name without accents, by business code and by domain', async () => {
    const byName = (await t.request('GET', '/api/manage-users/company-list?text=agropecuaria', { token: admin })).json();
    expect(byName.map((c: { companyId: string }) => c.companyId)).toEqual([DEMO_INVITATION_ONLY_COMPANY]);
    const byDomain = (await t.request('GET', '/api/manage-users/company-list?text=campoforteagro', { token: admin })).json();
    expect(byDomain.map((c: { companyId: string }) => c.companyId)).toEqual([B]);
    const byCode = (await t.request('GET', '/api/manage-users/company-list?text=23.456', { token: admin })).json();
    expect(byCode.map((c: { companyId: string }) => c.companyId)).toEqual([DEMO_INVITATION_ONLY_COMPANY]);
    // the scope still applies to a search
    expect((await t.request('GET', '/api/manage-users/company-list?text=campo', { token: tokens.companyManager })).json()).toEqual([]);
  });

  it('creates a company with its 001 §3 fields, domains and invitation-only flag, and reads it back', async () => {
    const body = {
      name: '  Cooperativa Vale Verde ',
      businessCode: '45.678.901/0001-23',
      phone: '+55 34 3222-1000',
      contactEmail: 'Contato@ValeVerde.coop.br',
      contactName: 'Sônia Prado',
      contactPhone: '+55 34 99111-2222',
      domains: ['@ValeVerde.coop.br'],
      invitationOnly: true,
    };
    const created = await t.request('POST', '/api/manage-users/company', { token: admin, body });
    expect(created.statusCode).toBe(201);
    const company = companyRoutes.createCompany.response.parse(created.json());
    expect(company).toMatchObject({ name: 'Cooperativa Vale Verde', contactEmail: 'contato@valeverde.coop.br', domains: ['valeverde.coop.br'], invitationOnly: true });
    const read = await t.request('GET', `/api/manage-users/company/${company.companyId}`, { token: admin, headers: after(created) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(company);
    // out of a scoped manager's scope: the same answer as an unknown company
    expect((await t.request('GET', `/api/manage-users/company/${company.companyId}`, { token: tokens.companyManager })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/manage-users/company/01900000-0000-7000-8000-0000000000ff', { token: admin })).statusCode).toBe(404);
  });

  it('a domain belongs to one company only', async () => {
    const taken = await t.request('POST', '/api/manage-users/company', {
      token: admin,
      body: { name: 'Copycat', businessCode: 'X1', phone: null, contactEmail: null, contactName: null, contactPhone: null, domains: ['campoforte.demo'] },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'company-domain-already-in-use', details: [{ path: 'domains', message: 'campoforte.demo' }] });
    const moved = await t.request('PUT', `/api/manage-users/company/${A}/domains`, { token: admin, body: { domains: ['cooperativa.demo', 'horizonte.demo'], invitationOnly: false } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('company-domain-already-in-use');
  });

  it('changes fields, then domains and the invitation-only flag, answering the company after the change', async () => {
    const updated = await t.request('PUT', `/api/manage-users/company/${B}`, { token: admin, body: { phone: '+55 43 3322-9999', contactName: null } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ phone: '+55 43 3322-9999', contactName: null, name: 'Distribuidora Campo Forte S.A.' });
    const domains = await t.request('PUT', `/api/manage-users/company/${B}/domains`, { token: admin, body: { domains: ['campoforte.demo', 'cf-agro.com.br'], invitationOnly: true } });
    expect(domains.statusCode).toBe(200);
    const read = (await t.request('GET', `/api/manage-users/company/${B}`, { token: tokens.otherCompanyManager, headers: after(domains) })).json();
    expect(read).toMatchObject({ domains: ['campoforte.demo', 'cf-agro.com.br'], invitationOnly: true, phone: '+55 43 3322-9999' });
    // the domain left behind is free again
    const reused = await t.request('PUT', `/api/manage-users/company/${DEMO_INVITATION_ONLY_COMPANY}/domains`, { token: admin, body: { domains: ['horizonte.demo', 'campoforteagro.demo'], invitationOnly: true } });
    expect(reused.statusCode).toBe(200);
  });

  it('answers 400 with field errors for bad input and 404 for an unknown company', async () => {
    const bad = await t.request('POST', '/api/manage-users/company', {
      token: admin,
      body: { name: ' ', businessCode: 'X', phone: 'call me', contactEmail: 'not-an-email', contactName: null, contactPhone: null, domains: ['not a domain'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('app/bed-request');
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['name', 'phone', 'contactEmail', 'domains.0']));
    const cpf = await t.request('PUT', `/api/manage-users/company/${A}`, { token: admin, body: { businessCode: '529.982.247-24' } });
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json().details).toEqual([expect.objectContaining({ path: 'businessCode', message: 'cpf' })]);
    expect((await t.request('PUT', `/api/manage-users/company/${A}`, { token: admin, body: { businessCode: '529.982.247-25' } })).statusCode).toBe(200);
    expect((await t.request('PUT', `/api/manage-users/company/${A}`, { token: admin, body: {} })).statusCode).toBe(400);
    expect((await t.request('PUT', '/api/manage-users/company/not-a-uuid', { token: admin, body: { name: 'X' } })).json().details[0].message).toBe('uuidNotEmpty');
    expect((await t.request('PUT', '/api/manage-users/company/01900000-0000-7000-8000-0000000000ff', { token: admin, body: { name: 'X' } })).statusCode).toBe(404);
    expect((await t.request('PUT', '/api/manage-users/company/01900000-0000-7000-8000-0000000000ff/domains', { token: admin, body: { domains: [], invitationOnly: false } })).statusCode).toBe(404);
  });

  it("answers the caller's own company on manager-company, 404 without one", async () => {
    const own = await t.request('GET', '/api/manage-users/manager-company', { token: tokens.companyManagerWithoutPermissions });
    expect(own.json()).toMatchObject({ companyId: A, name: A_NAME });
    const noCompany = await tokenAs(t, { roles: ['tc_admin'], permissions: ['manage_all_companies'], companyId: null });
    expect((await t.request('GET', '/api/manage-users/manager-company', { token: noCompany })).statusCode).toBe(404);
  });
});

describe('lookups', () => {
  it('acl-options: nobody grants what they lack; manager roles need manage_companies_managers, tc_* and auditor manage_all_companies', async () => {
    const scoped = (await t.request('GET', '/api/manage-users/acl-options', { token: await tokenAs(t, { ...actors.companyManager, aclTags: ['dist:soja_monsoy'] }) })).json();
    expect(scoped).toEqual({ roles: ['learner'], permissions: [], aclTags: ['dist:soja_monsoy'] });
    const managers = (await t.request('GET', '/api/manage-users/acl-options', {
      token: await tokenAs(t, { roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard'], companyId: A }),
    })).json();
    expect(managers.roles).toEqual(['learner', 'company_manager', 'company_admin']);
    expect(managers.permissions).toEqual(['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard']);
    expect(managers.aclTags[0]).toBe('dist:all');
    expect(managers.aclTags).toContain('dist:milho_dekalb');
    const everything = (await t.request('GET', '/api/manage-users/acl-options', {
      token: await tokenAs(t, { roles: ['company_admin', 'tc_admin'], permissions: ['manage_all_companies', 'manage_companies_users'], companyId: A }),
    })).json();
    // tc_admin includes tc_manager; no auditor role held; manager roles need manage_companies_managers
    expect(everything.roles).toEqual(['learner', 'tc_manager', 'tc_admin']);
    expect(everything.permissions).toEqual(['manage_all_companies']);
  });

  it('crops: the top stations of the catalogue, labelled in the asked language', async () => {
    const crops = companyRoutes.crops.response.parse((await t.request('GET', '/api/manage-users/crops?lang=es', { token: tokens.companyManager })).json());
    const ids = crops.map((c) => c.value);
    expect(ids).toEqual(expect.arrayContaining(['soja', 'milho', 'algodao']));
    expect(ids).not.toContain('soja-plantio');
    expect(crops.find((c) => c.value === 'milho')?.label).toBe('Maíz');
    expect((await t.request('GET', '/api/manage-users/crops?lang=xx', { token: tokens.companyManager })).statusCode).toBe(400);
  });

  it('acl-tags-options: the catalogue tags, dist:all first', async () => {
    const tags = (await t.request('GET', '/api/adminApi/manager-reports-lookups/acl-tags-options', { token: tokens.companyManager })).json();
    expect(tags[0]).toEqual({ value: 'dist:all', label: 'dist:all' });
    expect(tags.map((x: { value: string }) => x.value)).toEqual(expect.arrayContaining(['dist:soja_monsoy', 'dist:cp']));
  });

  it('reference options are labelled in the asked language; group responsibles filter by text without accents and by group', async () => {
    const groups = (await t.request('GET', '/api/manage-users/groups?lang=en', { token: tokens.companyManager })).json();
    expect(groups[0]).toEqual({ value: 'grupo-cerrado', label: 'Cerrado Group', parentId: null, other: false });
    const regions = (await t.request('GET', '/api/manage-users/region-options?lang=es', { token: tokens.companyManager })).json();
    expect(regions.map((r: { label: string }) => r.label)).toContain('Sur');
    const units = (await t.request('GET', '/api/manage-users/business-unity-options', { token: tokens.companyManager })).json();
    expect(units.map((r: { label: string }) => r.label)).toContain('Proteção de Cultivos');
    const patricia = (await t.request('GET', '/api/manage-users/group-responsibles-list?text=patricia', { token: tokens.companyManager })).json();
    expect(patricia).toEqual([{ value: 'patricia-rocha', label: 'Patrícia Rocha', parentId: 'grupo-sudeste', other: false }]);
    const cerrado = (await t.request('GET', '/api/manage-users/group-responsibles-list?group=grupo-cerrado', { token: tokens.companyManager })).json();
    expect(cerrado.map((r: { value: string }) => r.value)).toEqual(['marcos-oliveira', 'helena-araujo']);
    const every = companyRoutes.referenceOptions.response.parse((await t.request('GET', '/api/manage-users/reference-options?lang=es', { token: tokens.companyManager })).json());
    expect(every.userTypes?.find((o) => o.other)).toEqual({ value: 'Outro', label: 'Otro', parentId: null, other: true });
    expect(every.expertSubThemes?.find((o) => o.value === 'milho-cigarrinha')).toMatchObject({ label: 'Chicharrita del maíz', parentId: 'milho' });
  });
});

describe('reference data administration', () => {
  it('adds a sub-theme under its theme, changes its labels, retires it; the options follow', async () => {
    const noParent = await t.request('POST', '/api/manage-users/reference-data/expertSubThemes', { token: admin, body: { labels: { 'pt-BR': 'Mancha-alvo', es: 'Mancha objetivo', en: 'Target spot' } } });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json()).toMatchObject({ code: 'reference-item-invalid', details: [{ path: 'parentId' }] });
    const unknownParent = await t.request('POST', '/api/manage-users/reference-data/expertSubThemes', { token: admin, body: { labels: { 'pt-BR': 'Mancha-alvo', es: 'Mancha objetivo', en: 'Target spot' }, parentId: 'trigo' } });
    expect(unknownParent.json().code).toBe('reference-item-invalid');

    const saved = await t.request('POST', '/api/manage-users/reference-data/expertSubThemes', { token: admin, body: { labels: { 'pt-BR': 'Mancha-alvo', es: 'Mancha objetivo', en: 'Target spot' }, parentId: 'soja' } });
    expect(saved.statusCode).toBe(200);
    const item = companyRoutes.saveReferenceItem.response.parse(saved.json());
    expect(item).toMatchObject({ list: 'expertSubThemes', parentId: 'soja', retired: false, other: false });
    const renamed = await t.request('POST', '/api/manage-users/reference-data/expertSubThemes', { token: admin, body: { itemId: item.itemId, labels: { 'pt-BR': 'Mancha-alvo', es: 'Mancha diana', en: 'Target spot' }, parentId: 'soja' } });
    expect(renamed.json().labels.es).toBe('Mancha diana');
    const options = (await t.request('GET', '/api/manage-users/reference-options?lang=es', { token: tokens.companyManager, headers: after(renamed) })).json();
    expect(options.expertSubThemes.map((o: { label: string }) => o.label)).toContain('Mancha diana');

    const retired = await t.request('DELETE', `/api/manage-users/reference-data/expertSubThemes/${item.itemId}`, { token: admin });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().retired).toBe(true);
    const afterRetire = (await t.request('GET', '/api/manage-users/reference-options?lang=es', { token: tokens.companyManager, headers: after(retired) })).json();
    expect(afterRetire.expertSubThemes.map((o: { value: string }) => o.value)).not.toContain(item.itemId);
    const data = companyRoutes.referenceData.response.parse((await t.request('GET', '/api/manage-users/reference-data', { token: admin, headers: after(retired) })).json());
    expect(data.expertSubThemes?.find((i) => i.itemId === item.itemId)).toMatchObject({ retired: true, labels: { es: 'Mancha diana' } });
    expect(Object.keys(data).sort()).toEqual([...REFERENCE_LISTS].sort());
  });

  it('answers 404 for an unknown item and 400 for an unknown list, a bad id or an empty label', async () => {
    expect((await t.request('DELETE', '/api/manage-users/reference-data/groups/nao-existe', { token: admin })).statusCode).toBe(404);
    expect((await t.request('DELETE', '/api/manage-users/reference-data/crops/soja', { token: admin })).statusCode).toBe(400);
    const empty = await t.request('POST', '/api/manage-users/reference-data/groups', { token: admin, body: { labels: { 'pt-BR': 'Grupo', es: '', en: 'Group' } } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ path: 'labels.es', message: 'notEmpty' })]);
    expect((await t.request('POST', '/api/manage-users/reference-data/groups', { token: admin, body: { itemId: '../x', labels: { 'pt-BR': 'a', es: 'a', en: 'a' } } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/manage-users/reference-data/regions', { token: admin, body: { labels: { 'pt-BR': 'a', es: 'a', en: 'a' }, parentId: 'sul' } })).json().code).toBe('reference-item-invalid');
  });
});
