import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@portal/kernel';
import { checkpointToString } from '@portal/eventstore';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, type TestUser } from '@portal/testing/identity';
import { importContentPack } from '@portal/learning/application';
import { accountIn, createCompany, staff } from '../../testing/user-admin-kit.js';

/**
 * Bulk onboarding over HTTP on a real database (issue 14, ADR 0055): who may import into which
 * company, the dry run's preview that writes nothing, a bad row reported while the others are
 * imported, the same file twice changing nothing, headers in pt-BR, es and en, and the limits.
 */
let t: TestApp;
let A: string;
let B: string;
const u: Record<string, TestUser> = {};

/** A CSV file of rows (the first is the header), quoted where needed. */
const csv = (rows: string[][], delimiter = ','): Buffer =>
  Buffer.from(rows.map((r) => r.map((c) => (/[",;\n\t]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter)).join('\r\n') + '\r\n');

function multipart(bytes: Buffer, filename = 'users.csv') {
  const boundary = '----portalimport';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importFile = (token: string | undefined, file: Buffer, query: Record<string, string> = {}) => {
  const { body, headers } = multipart(file);
  return t.request('POST', `/api/manage-users/import?${new URLSearchParams(query).toString()}`, { token, body, headers });
};

/** Everything the log holds now: a write anywhere moves it. */
const head = async () => checkpointToString(await t.infra.store.headCheckpoint());

const saveItem = async (list: string, itemId: string, labels: Record<string, string>, parentId: string | null = null) => {
  const res = await t.request('POST', `/api/manage-users/reference-data/${list}`, { token: u.global!.token, body: { itemId, labels, parentId } });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp();
  // the crops (soja, milho, algodao...) are the content pack's top stations
  await importContentPack(t.infra.store, t.infra.clock);
  A = await createCompany(t, 'Alfa');
  B = await createCompany(t, 'Bravo');
  u.learner = await staff(t, 'learner@import.test', { roles: ['learner'], companyId: A });
  u.manager = await staff(t, 'manager@import.test', { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: A });
  u.noUsers = await staff(t, 'no.users@import.test', { roles: ['company_admin'], permissions: ['manage_companies_managers', 'view_manager_dashboard'], companyId: A });
  u.admin = await staff(t, 'admin@import.test', { roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard'], companyId: A });
  u.other = await staff(t, 'manager@bravo.test', { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: B });
  u.tcAdmin = await staff(t, 'tc.admin@import.test', { roles: ['tc_admin'] });
  u.auditor = await staff(t, 'auditor@import.test', { roles: ['auditor'] });
  u.global = await staff(t, 'global@import.test', { roles: ['company_admin'], permissions: ['manage_all_companies', 'manage_companies_users', 'manage_companies_managers'], companyId: A });
  await saveItem('groups', 'g-norte', { 'pt-BR': 'Norte', es: 'Norte', en: 'North' });
  await saveItem('userTypes', 'Agricultor', { 'pt-BR': 'Agricultor', es: 'Agricultor', en: 'Farmer' });
  await saveItem('regions', 'sul', { 'pt-BR': 'Região Sul', es: 'Región Sur', en: 'South region' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const HEADER = ['email', 'name', 'city', 'group', 'userType', 'roles'];

describe('who may import into which company', () => {
  const file = () => csv([HEADER, [`who.${newId().slice(0, 8)}@alfa.test`, 'Quem Pode', 'Campinas', '', '', '']]);
  it('signed out 401; a learner, a company admin without manage_companies_users, tc_admin and auditor 403', async () => {
    expect((await importFile(undefined, file(), { dryRun: 'true' })).statusCode).toBe(401);
    for (const who of ['learner', 'noUsers', 'tcAdmin', 'auditor']) {
      const res = await importFile(u[who]!.token, file(), { dryRun: 'true' });
      expect([who, res.statusCode, res.json().code]).toEqual([who, 403, '403']);
    }
  });

  it('a company manager imports into their own company; another company is company-invalid, as an unknown one', async () => {
    const own = await importFile(u.manager!.token, file(), { dryRun: 'true' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ dryRun: true, companyId: A, totals: { rows: 1, create: 1, invalid: 0 } });
    for (const companyId of [B, newId()]) {
      const res = await importFile(u.manager!.token, file(), { dryRun: 'true', companyId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'company-invalid', details: [{ path: 'companyId' }] });
    }
    // the manager of B may not import into A
    expect((await importFile(u.other!.token, file(), { dryRun: 'true', companyId: A })).json().code).toBe('company-invalid');
  });

  it('manage_all_companies imports into any company; an unknown one is company-invalid', async () => {
    expect((await importFile(u.global!.token, file(), { dryRun: 'true', companyId: B })).json()).toMatchObject({ companyId: B, totals: { create: 1 } });
    expect((await importFile(u.global!.token, file(), { dryRun: 'true', companyId: newId() })).json().code).toBe('company-invalid');
  });
});

describe('preview and import', () => {
  const good1 = 'ana.lima@alfa.test';
  const good2 = 'bruno.costa@alfa.test';
  const rows = [
    HEADER,
    [good1, 'Ana Lima', 'Londrina', 'Norte', 'farmer', ''],
    ['not-an-address', 'Sem Email', '', '', '', ''],
    [good2, 'Bruno Costa', 'Maringá', 'g-norte', 'Agricultor', 'learner'],
    ['carla@alfa.test', 'Carla Dias', '', 'Oeste', '', ''],
    ['dora@alfa.test', 'Dora Reis', '', '', '', 'learner;company_manager'],
    ['ANA.LIMA@alfa.test', 'Ana Outra', '', '', '', ''],
    ['', 'Sem Endereço', 'Recife', '', '', ''],
  ];

  it('the dry run shows each row with its errors and writes nothing; the import writes the valid rows; the same file again changes nothing', async () => {
    const before = await head();
    const preview = await importFile(u.manager!.token, csv(rows), { dryRun: 'true' });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.totals).toEqual({ rows: 7, create: 2, update: 0, unchanged: 0, invalid: 5, invited: 0 });
    expect(body.columns.map((c: { field: string }) => c.field)).toEqual(HEADER);
    const byLine = Object.fromEntries(body.rows.map((r: { line: number }) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ email: good1, action: 'create', userId: null, errors: [], values: { name: 'Ana Lima', group: 'g-norte', userType: 'Agricultor' } });
    expect(byLine[3]).toMatchObject({ action: 'invalid', errors: [{ field: 'email', code: 'email' }] });
    expect(byLine[4]).toMatchObject({ action: 'create', values: { city: 'Maringá', roles: ['learner'] } });
    expect(byLine[5]).toMatchObject({ action: 'invalid', errors: [{ field: 'group', code: 'reference-item-invalid', value: 'Oeste' }] });
    expect(byLine[6]).toMatchObject({ action: 'invalid', errors: [{ field: 'roles', code: 'needs:manage_companies_managers', value: 'company_manager' }] });
    expect(byLine[7]).toMatchObject({ action: 'invalid', errors: [{ field: 'email', code: 'duplicate-in-file', limit: 2 }] });
    expect(byLine[8]).toMatchObject({ action: 'invalid', errors: [{ field: 'email', code: 'required' }] });
    expect(await head()).toBe(before);

    const done = await importFile(u.manager!.token, csv(rows));
    expect(done.statusCode).toBe(200);
    expect(done.json().totals).toEqual({ rows: 7, create: 2, update: 0, unchanged: 0, invalid: 5, invited: 0 });
    const created = done.json().rows.find((r: { line: number }) => r.line === 2);
    expect(created.userId).toEqual(expect.any(String));
    const user = await t.request('GET', `/api/manage-users/user/${created.userId}`, { token: u.manager!.token, headers: { 'x-min-position': String(done.headers['x-event-position']) } });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: good1, name: 'Ana Lima', city: 'Londrina', group: 'g-norte', userType: 'Agricultor', companyId: A, hasAccount: false, roles: ['learner'], country: 'BR' });
    const events = await t.infra.store.readStream(`identity.user-${created.userId}`);
    expect(events.map((e) => [e.type, e.metadata.actor, e.metadata.origin])).toEqual([['UserPreRegistered', u.manager!.userId, 'import']]);

    const afterImport = await head();
    const again = await importFile(u.manager!.token, csv(rows));
    expect(again.json().totals).toEqual({ rows: 7, create: 0, update: 0, unchanged: 2, invalid: 5, invited: 0 });
    expect(again.json().rows.find((r: { line: number }) => r.line === 2)).toMatchObject({ action: 'unchanged', userId: created.userId });
    expect(await head()).toBe(afterImport);
  });

  it('a row of a user of the company changes only what differs; addresses of other companies are refused with the upsert\'s codes', async () => {
    const known = await accountIn(t, 'known@alfa.test', { roles: ['learner'], companyId: A });
    await accountIn(t, 'account@bravo.test', { roles: ['learner'], companyId: B });
    const preB = await t.request('POST', '/api/manage-users/upsert', { token: u.other!.token, body: { email: 'pre@bravo.test', name: 'Pre Bravo', sendInvitation: false } });
    expect(preB.statusCode).toBe(200);
    const res = await importFile(u.manager!.token, csv([['E-mail', 'Nome', 'Cidade', 'Região'], ['known@alfa.test', '', 'Campinas', 'Região Sul'], ['account@bravo.test', 'Conta Bravo', 'Campinas', ''], ['pre@bravo.test', 'Pre Bravo', 'Campinas', '']]));
    expect(res.statusCode).toBe(200);
    const [update, account, pre] = res.json().rows;
    expect(update).toMatchObject({ action: 'update', userId: known, changes: ['city', 'region'] });
    expect(account).toMatchObject({ action: 'invalid', userId: null, errors: [{ field: 'email', code: 'email-already-in-use' }] });
    expect(pre).toMatchObject({ action: 'invalid', userId: null, errors: [{ field: 'email', code: 'company-email-already-in-use' }] });
    const changes = (await t.infra.store.readStream(`identity.user-${known}`)).filter((e) => e.type === 'UserDetailsChanged');
    expect(changes.map((e) => e.data)).toEqual([expect.objectContaining({ details: { city: 'Campinas', region: 'sul' }, by: u.manager!.userId })]);
  });

  it('the address of a deleted pre-registration is free again: the row creates a new user', async () => {
    const pre = await t.request('POST', '/api/manage-users/upsert', { token: u.manager!.token, body: { email: 'gone@alfa.test', name: 'Ida Embora', sendInvitation: false } });
    expect((await t.request('DELETE', `/api/manage-users/users/${pre.json().id}`, { token: u.manager!.token })).statusCode).toBe(204);
    const res = await importFile(u.manager!.token, csv([['email', 'name'], ['gone@alfa.test', 'Ida Volta']]));
    expect(res.json().rows[0]).toMatchObject({ action: 'create', userId: expect.any(String), errors: [] });
    expect(res.json().rows[0].userId).not.toBe(pre.json().id);
  });

  it('the access policy judges each row: the company admin grants what the manager may not', async () => {
    const file = csv([['email', 'name', 'roles', 'permissions'], ['new.manager@alfa.test', 'Nova Gerente', 'learner;company_manager', 'manage_companies_users'], ['tc@alfa.test', 'Tereza Costa', 'tc_admin', '']]);
    const manager = (await importFile(u.manager!.token, file, { dryRun: 'true' })).json();
    expect(manager.rows[0].errors).toEqual([
      { field: 'roles', code: 'needs:manage_companies_managers', value: 'company_manager' },
      { field: 'permissions', code: 'needs:manage_companies_managers', value: 'manage_companies_users' },
    ]);
    const admin = (await importFile(u.admin!.token, file, { dryRun: 'true' })).json();
    expect(admin.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'invalid']);
    expect(admin.rows[1].errors).toEqual([
      { field: 'roles', code: 'not-held', value: 'tc_admin' },
      { field: 'roles', code: 'needs:manage_all_companies', value: 'tc_admin' },
    ]);
  });

  it('crops by id or by name in any language, "all" in three; unknown crops, roles and tags are named', async () => {
    const file = csv([
      ['email', 'Nome', 'Culturas permitidas', 'Cultura preferida', 'roles', 'Tags ACL'],
      ['crops.one@alfa.test', 'Cida Um', 'soja; Maíz', 'Milho', '', ''],
      ['crops.all@alfa.test', 'Cida Todas', 'Todas', '', '', ''],
      ['crops.bad@alfa.test', 'Cida Má', 'soja|banana', 'banana', 'learner,chief', 'dist:cp'],
    ]);
    const [one, all, bad] = (await importFile(u.manager!.token, file, { dryRun: 'true' })).json().rows;
    expect(one).toMatchObject({ action: 'create', values: { allowedStations: ['soja', 'milho'], defaultStation: 'milho' } });
    expect(all).toMatchObject({ action: 'create', values: { allowedStations: 'all' } });
    expect(bad.action).toBe('invalid');
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { field: 'allowedStations', code: 'reference-item-invalid', value: 'banana' },
        { field: 'defaultStation', code: 'reference-item-invalid', value: 'banana' },
        { field: 'roles', code: 'invalid-value', value: 'chief' },
      ]),
    );
    // the tag is well formed; the manager holds no tag to grant it with
    const tag = (await importFile(u.manager!.token, csv([['email', 'name', 'aclTags'], ['tag@alfa.test', 'Tati Gomes', 'dist:cp']]), { dryRun: 'true' })).json().rows[0];
    expect(tag.errors).toEqual([{ field: 'aclTags', code: 'not-held', value: 'dist:cp' }]);
  });

  it('mails the invitation to each user created when asked, in the language asked', async () => {
    const res = await importFile(u.manager!.token, csv([['email', 'name'], ['invited.one@alfa.test', 'Convidada Um']]), { sendInvitations: 'true', lang: 'es' });
    expect(res.json().totals).toMatchObject({ create: 1, invited: 1 });
    const mail = await lastMail(t, 'invited.one@alfa.test');
    expect(mail).toMatchObject({ category: 'invitation', locale: 'es' });
    expect(mail.text).toContain('Alfa');
  });
});

describe('the file', () => {
  it('takes headers in pt-BR (semicolons, Windows-1252), es and en', async () => {
    const pt = Buffer.from('E-mail;Nome;Cidade;Funcionário interno;Região\r\npt.user@alfa.test;João Araújo;São Paulo;sim;Região Sul\r\n', 'latin1');
    const es = csv([['Correo electrónico', 'Nombre', 'Ciudad', 'Empleado interno', 'Región'], ['es.user@alfa.test', 'Ángel Peña', 'Córdoba', 'no', 'Región Sur']]);
    const en = csv([['Email', 'Name', 'City', 'Inner employee', 'Region'], ['en.user@alfa.test', 'Mary Smith', 'Austin', 'yes', 'south region']], '\t');
    const expected = [
      { email: 'pt.user@alfa.test', name: 'João Araújo', city: 'São Paulo', isInnerEmployee: true, region: 'sul' },
      { email: 'es.user@alfa.test', name: 'Ángel Peña', city: 'Córdoba', isInnerEmployee: false, region: 'sul' },
      { email: 'en.user@alfa.test', name: 'Mary Smith', city: 'Austin', isInnerEmployee: true, region: 'sul' },
    ];
    for (const [i, file] of [pt, es, en].entries()) {
      const res = await importFile(u.manager!.token, file, { dryRun: 'true' });
      expect(res.statusCode).toBe(200);
      expect(res.json().columns.map((c: { field: string }) => c.field)).toEqual(['email', 'name', 'city', 'isInnerEmployee', 'region']);
      expect(res.json().rows).toEqual([expect.objectContaining({ action: 'create', errors: [], values: expected[i] })]);
    }
  });

  it('unknown columns are ignored and said so; a file without an e-mail column, or naming a field twice, is a 400', async () => {
    const res = await importFile(u.manager!.token, csv([['email', 'name', 'Favourite colour'], ['colour@alfa.test', 'Cor Verde', 'green']]), { dryRun: 'true' });
    expect(res.json().columns).toEqual([{ header: 'email', field: 'email' }, { header: 'name', field: 'name' }, { header: 'Favourite colour', field: null }]);
    const noEmail = await importFile(u.manager!.token, csv([['Nome', 'Cidade'], ['Ana', 'Recife']]), { dryRun: 'true' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'import-column-missing', details: [{ path: 'file', message: 'columnMissing', code: 'email' }] });
    const twice = await importFile(u.manager!.token, csv([['email', 'Correo'], ['a@alfa.test', 'b@alfa.test']]), { dryRun: 'true' });
    expect(twice.json()).toMatchObject({ statusCode: 400, details: [{ path: 'file', message: 'duplicateColumn' }] });
    const nameTwice = await importFile(u.manager!.token, csv([['email', 'Nome', 'Sobrenome'], ['a@alfa.test', 'Ana', 'Lima']]), { dryRun: 'true' });
    expect(nameTwice.json()).toMatchObject({ statusCode: 400, details: [{ path: 'file', message: 'duplicateColumn' }], params: { field: 'name' } });
    const unclosed = await importFile(u.manager!.token, Buffer.from('email,name\r\n"x@alfa.test,Ana\r\n'), { dryRun: 'true' });
    expect(unclosed.json()).toMatchObject({ statusCode: 400, details: [{ path: 'file', message: 'csv' }] });
  });

  it('first and last name columns and the common header names of each language are understood (ADR 0082)', async () => {
    const en = csv([['first_name', 'last_name', 'email', 'role'], ['Mary', 'Smith', 'mary.smith@alfa.test', 'learner'], ['John', '', 'john@alfa.test', '']]);
    const pt = csv([['Primeiro nome', 'Sobrenome', 'Endereço de e-mail', 'Perfil', 'Celular'], ['Ana', 'Souza', 'ana.souza@alfa.test', 'learner', '+55 11 98765-4321']], ';');
    const es = csv([['Primer nombre', 'Apellidos', 'Correo electrónico', 'Rol', 'Localidad'], ['Ángel', 'Peña Ruiz', 'angel.pena@alfa.test', 'learner', 'Córdoba']]);
    const expected = [
      [{ name: 'Mary Smith', roles: ['learner'] }, { name: 'John' }],
      [{ name: 'Ana Souza', roles: ['learner'] }],
      [{ name: 'Ángel Peña Ruiz', city: 'Córdoba' }],
    ];
    for (const [i, file] of [en, pt, es].entries()) {
      const res = await importFile(u.manager!.token, file, { dryRun: 'true' });
      expect(res.statusCode).toBe(200);
      expect(res.json().columns.filter((c: { field: string | null }) => c.field === null)).toEqual([]);
      expect(res.json().rows).toEqual(expected[i]!.map((values) => expect.objectContaining({ action: 'create', errors: [], values: expect.objectContaining(values) })));
    }
    expect((await importFile(u.manager!.token, en, { dryRun: 'true' })).json().columns.slice(0, 2)).toEqual([
      { header: 'first_name', field: 'name', part: 'first' },
      { header: 'last_name', field: 'name', part: 'last' },
    ]);
  });

  it('a file without a name column is refused, preview and import: import-column-missing naming the column; a row without a name creates nobody', async () => {
    const before = await head();
    for (const dryRun of ['true', 'false']) {
      const res = await importFile(u.manager!.token, csv([['email', 'role', 'Sobrenome'], ['nameless@alfa.test', 'learner', 'Lima']]), { dryRun });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'import-column-missing', details: [{ path: 'file', message: 'columnMissing', code: 'name' }], params: { fields: 'name' } });
    }
    const none = await importFile(u.manager!.token, csv([['role'], ['learner']]), { dryRun: 'true' });
    expect(none.json().details).toEqual([
      { path: 'file', message: 'columnMissing', code: 'email' },
      { path: 'file', message: 'columnMissing', code: 'name' },
    ]);
    expect(await head()).toBe(before);
    const emptyName = await importFile(u.manager!.token, csv([['email', 'name'], ['empty.name@alfa.test', '']]));
    expect(emptyName.json()).toMatchObject({ totals: { create: 0, invalid: 1 }, rows: [{ action: 'invalid', errors: [{ field: 'name', code: 'required' }] }] });
    expect(await head()).toBe(before);
  });

  it('the template\'s lines that start with # are skipped', async () => {
    const res = await importFile(u.manager!.token, Buffer.from('E-mail;Nome\r\n# Nome: Name, Full name\r\nhash.skip@alfa.test;Rita Reis\r\n'), { dryRun: 'true' });
    expect(res.json()).toMatchObject({ totals: { rows: 1, create: 1, invalid: 0 }, rows: [{ line: 3, email: 'hash.skip@alfa.test' }] });
  });

  it('more than 10,000 rows is import-too-large (413); a request without a file is a 400', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `row${i}@alfa.test`);
    const res = await importFile(u.manager!.token, Buffer.from(['email', ...rows].join('\n')), { dryRun: 'true' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'import-too-large', params: { rows: 10_000 } });
    const none = await t.request('POST', '/api/manage-users/import?dryRun=true', { token: u.manager!.token, body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: 'file', message: 'required' }]);
  });
});
