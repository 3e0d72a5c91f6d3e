import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { checkpointToString } from '@portal/eventstore';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';
import { scheduledEventStream } from '../contracts/index.js';
import { EVENT_DAY, learner, publishedEvent, quizInput, signIns, trackingClient, type Call, type Learner } from '../testing/test-kit.js';

/**
 * Imports of events and of users into events, attendees added by e-mail, the open answers staff
 * score, and the report as XLSX (issue 15, ADR 0062), over HTTP on a real database.
 */
let t: TestApp;
let call: Call & { catchUp(): Promise<void> };
let as: Awaited<ReturnType<typeof signIns>>;
const START = '2026-11-21T12:00:00.000Z';
const people: Record<string, TestUser> = {};

const csv = (rows: string[][], delimiter = ','): Buffer =>
  Buffer.from(rows.map((r) => r.map((c) => (/[",;\n\t]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter)).join('\r\n') + '\r\n');

async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Eventos');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(bytes: Buffer, filename: string) {
  const boundary = '----portaleventimport';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (path: string, token: string | undefined, file: Buffer, query: Record<string, string> = {}, filename = 'file.csv') => {
  const { body, headers } = multipart(file, filename);
  return t.request('POST', `/api${path}?${new URLSearchParams(query).toString()}`, { token, body, headers });
};
const importEvents = (token: string | undefined, file: Buffer, query: Record<string, string> = {}) => upload('/scheduledEvents/import', token, file, query);
const importUsers = (token: string | undefined, file: Buffer, query: Record<string, string> = {}) => upload('/scheduledEvents/import-users', token, file, query);

/** Everything the log holds now: a write anywhere moves it. */
const head = async () => checkpointToString(await t.infra.store.headCheckpoint());

beforeAll(async () => {
  t = await startTestApp();
  call = trackingClient(t);
  as = await signIns(t);
  t.clock.set(START);
  for (const name of ['ana', 'bia', 'caio', 'dora']) people[name] = await registerUser(t, `${name}@imports.test`, { lang: name === 'caio' ? 'es' : 'pt-BR' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const EVENT_HEADER = ['Código', 'Título', 'Tipo', 'Data', 'Hora de início', 'Hora de término', 'Vagas', 'Local', 'Categorias', 'Publicar'];

describe('who may import, add attendees and read open answers', () => {
  const file = () => csv([EVENT_HEADER, ['ROLE-1', 'Dia de campo', 'field-day', '10/12/2026', '9:00', '12:00', '10', 'Londrina', '', 'não']]);
  const attendeeFile = () => csv([['Evento', 'E-mail'], ['ROLE-1', 'ana@imports.test']]);
  const uuid = '01900000-0000-7000-8000-00000000beef';

  it('answers 401 signed out; 403 to learners, tc_manager, company roles, the auditor and a tc_admin of another country', async () => {
    expect((await importEvents(undefined, file(), { dryRun: 'true' })).statusCode).toBe(401);
    expect((await importUsers(undefined, attendeeFile(), { dryRun: 'true' })).statusCode).toBe(401);
    expect((await call('POST', `/api/scheduledEvents/${uuid}/attendees`, { body: { email: 'ana@imports.test' } })).statusCode).toBe(401);
    const learnerToken = (await learner(t, 90)).token;
    for (const token of [learnerToken, as.manager, as.companyManager, as.companyAdmin, as.auditor, as.foreignAdmin]) {
      expect((await importEvents(token, file(), { dryRun: 'true' })).statusCode).toBe(403);
      expect((await importUsers(token, attendeeFile(), { dryRun: 'true' })).statusCode).toBe(403);
      expect((await call('POST', `/api/scheduledEvents/${uuid}/attendees`, { token, body: { email: 'ana@imports.test' } })).statusCode).toBe(403);
    }
    expect((await importEvents(as.admin, file(), { dryRun: 'true' })).statusCode).toBe(200);
  });

  it('the open answers are for tc_admin and tc_manager only', async () => {
    const eventId = await publishedEvent(call, as.admin);
    const quizId = (await call('POST', '/api/quiz', { token: as.admin, body: quizInput() })).json().quizId;
    await call('POST', '/api/quiz/event', { token: as.admin, body: { quizId, eventId } });
    const url = `/api/scheduledEvents/${eventId}/quiz/${quizId}/answers`;
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const token of [(await learner(t, 91)).token, as.companyManager, as.companyAdmin, as.auditor]) expect((await call('GET', url, { token })).statusCode).toBe(403);
    for (const token of [as.admin, as.manager]) expect((await call('GET', url, { token })).json()).toEqual({ eventId, quizId, items: [] });
    // a quiz not attached to the event, or an unknown event, is 404
    expect((await call('GET', `/api/scheduledEvents/${eventId}/quiz/${uuid}/answers`, { token: as.manager })).statusCode).toBe(404);
    expect((await call('GET', `/api/scheduledEvents/${uuid}/quiz/${quizId}/answers`, { token: as.manager })).statusCode).toBe(404);
  });
});

describe('the events import', () => {
  const rows = [
    EVENT_HEADER,
    ['FD-001', 'Dia de campo: soja', 'field-day', '10/12/2026', '9:00', '12:00', '30', 'Londrina - PR', 'campo; soja', 'sim'],
    ['FD-002', '', 'course', '2026-12-11', '08:00', '17:00', '20', '', '', ''],
    ['FD-003', 'Curso de milho', 'course', '31/02/2026', '08:00', '07:00', '0', '', '', 'talvez'],
    ['fd-001', 'Outro com a mesma chave', 'field-day', '2026-12-12', '09:00', '10:00', '5', '', '', ''],
    ['', 'Sem código', 'course', '2026-12-13', '09:00', '10:00', '5', '', '', ''],
    ['FD-004', 'Curso de algodão', 'course', '2026-12-14', '14:00', '18:00', '15', 'Rio Verde - GO', '', 'não'],
  ];

  it('the dry run shows each row with its errors and writes nothing; the import writes the valid rows; the same file again changes nothing', async () => {
    const before = await head();
    const preview = await importEvents(as.admin, csv(rows, ';'), { dryRun: 'true' });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ dryRun: true, format: 'csv', totals: { rows: 6, create: 2, update: 0, unchanged: 0, invalid: 4, published: 1 } });
    expect(body.columns.map((c: { field: string }) => c.field)).toEqual(['externalKey', 'title', 'type', 'date', 'startHour', 'finishHour', 'vacancies', 'venue', 'categories', 'publish']);
    const [one, two, three, dup, nokey, four] = body.rows;
    expect(one).toMatchObject({ line: 2, externalKey: 'FD-001', action: 'create', publishes: true, errors: [], values: { date: '2026-12-10', startHour: '09:00', vacancies: 30, categories: ['campo', 'soja'], publish: true } });
    expect(one.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(two).toMatchObject({ action: 'invalid', errors: [{ field: 'title', code: 'required' }] });
    expect(three.action).toBe('invalid');
    expect(three.errors).toEqual(
      expect.arrayContaining([
        { field: 'publish', code: 'invalid-value', value: 'talvez' },
        { field: 'date', code: 'date' },
        { field: 'vacancies', code: 'between' },
      ]),
    );
    expect(dup).toMatchObject({ action: 'invalid', errors: [{ field: 'externalKey', code: 'duplicate-in-file', limit: 2 }] });
    expect(nokey).toMatchObject({ action: 'invalid', errors: [{ field: 'externalKey', code: 'required' }] });
    expect(four).toMatchObject({ action: 'create', publishes: false });
    expect(await head()).toBe(before);

    const done = await importEvents(as.admin, csv(rows, ';'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().totals).toEqual({ rows: 6, create: 2, update: 0, unchanged: 0, invalid: 4, published: 1 });
    const created = done.json().rows[0];
    expect(created.eventId).toBe(one.eventId);
    const stored = await t.infra.store.readStream(scheduledEventStream(created.eventId));
    expect(stored.map((e) => [e.type, e.metadata.actor, e.metadata.origin])).toEqual([
      ['ScheduledEventCreated', expect.any(String), 'import'],
      ['ScheduledEventPublished', expect.any(String), 'import'],
    ]);
    const event = await call('GET', `/api/scheduledEvents/${created.eventId}`, { token: as.manager, headers: { 'x-min-position': String(done.headers['x-event-position']) } });
    expect(event.json()).toMatchObject({ title: 'Dia de campo: soja', state: 'published', date: '2026-12-10', startHour: '09:00', vacancies: 30, venue: 'Londrina - PR', categories: ['campo', 'soja'] });
    const listed = await call('GET', '/api/scheduledEvents/all?q=algod', { token: as.manager });
    expect(listed.json().items.map((e: { title: string; state: string }) => [e.title, e.state])).toEqual([['Curso de algodão', 'draft']]);

    const afterImport = await head();
    const again = await importEvents(as.admin, csv(rows, ';'));
    expect(again.json().totals).toEqual({ rows: 6, create: 0, update: 0, unchanged: 2, invalid: 4, published: 0 });
    expect(await head()).toBe(afterImport);
  });

  it('a changed row updates only what differs (an empty cell leaves the field as it is); headers in es and en', async () => {
    const es = csv([
      ['Código', 'Título', 'Tipo', 'Fecha', 'Hora de inicio', 'Hora de término', 'Vacantes', 'Lugar'],
      ['FD-004', 'Curso de algodão', 'course', '2026-12-14', '14:00', '18:00', '25', ''],
    ]);
    const res = await importEvents(as.admin, es);
    expect(res.json().rows[0]).toMatchObject({ action: 'update', changes: ['vacancies'] });
    const en = await importEvents(as.admin, csv([['Key', 'Title', 'Venue'], ['fd-004', 'Cotton course', 'Rio Verde']]), { dryRun: 'true' });
    expect(en.json().rows[0]).toMatchObject({ action: 'update', changes: ['title', 'venue'], eventId: res.json().rows[0].eventId });
  });

  it('reads XLSX files (dates and hours as spreadsheet cells) the same way', async () => {
    const file = await xlsx([
      ['Key', 'Title', 'Type', 'Date', 'Start hour', 'Finish hour', 'Vacancies'],
      ['XL-1', 'Field day from a sheet', 'field-day', new Date(Date.UTC(2026, 11, 15)), new Date(Date.UTC(1899, 11, 30, 9, 30)), '11:00', 12],
      ['XL-2', 'No type', '', '2026-12-16', '09:00', '10:00', 12],
    ]);
    const res = await importEvents(as.admin, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'xlsx', totals: { create: 1, invalid: 1 } });
    expect(res.json().rows[0]).toMatchObject({ line: 2, action: 'create', values: { date: '2026-12-15', startHour: '09:30', finishHour: '11:00', vacancies: 12 } });
    expect(res.json().rows[1]).toMatchObject({ line: 3, errors: [{ field: 'type', code: 'required' }] });
  });

  it('refuses what cannot be imported: publishing an event that already started, a file without a key column, too many rows', async () => {
    t.clock.set('2026-12-14T18:00:00.000Z');
    const late = await importEvents(as.admin, csv([['Key', 'Publish'], ['FD-004', 'yes']]), { dryRun: 'true' });
    t.clock.set(START);
    expect(late.json().rows[0]).toMatchObject({ action: 'invalid', errors: [{ field: 'publish', code: 'event-invalid-state' }] });
    const noKey = await importEvents(as.admin, csv([['Title'], ['x']]));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().details).toEqual([expect.objectContaining({ path: 'file', message: 'missingColumn' })]);
    const huge = csv([['Key', 'Title'], ...Array.from({ length: 5_001 }, (_, i) => [`K${i}`, 'x'])]);
    const tooLarge = await importEvents(as.admin, huge, { dryRun: 'true' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('event-import-too-large');
  });
});

describe('users into events', () => {
  it('enrols while vacancies last and waitlists the rest in the file order; unknown people and events are the rows\' errors; the same file twice changes nothing', async () => {
    const made = await importEvents(as.admin, csv([['Key', 'Title', 'Type', 'Date', 'Start hour', 'Finish hour', 'Vacancies', 'Publish'], ['USR-1', 'Dia de campo', 'field-day', '2026-12-10', '09:00', '12:00', '2', 'yes']]));
    const eventId = made.json().rows[0].eventId;
    const file = csv([
      ['Evento', 'E-mail', 'Idioma'],
      ['USR-1', 'ana@imports.test', ''],
      ['usr-1', 'BIA@imports.test', 'es'],
      [eventId, 'caio@imports.test', ''],
      ['USR-1', 'nobody@imports.test', ''],
      ['NOPE', 'dora@imports.test', ''],
      ['USR-1', 'ana@imports.test', ''],
      ['USR-1', 'not-an-email', 'klingon'],
    ]);
    const before = await head();
    const preview = await importUsers(as.admin, file, { dryRun: 'true' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().totals).toEqual({ rows: 7, enrol: 2, waitlist: 1, unchanged: 0, invalid: 4 });
    const r = preview.json().rows;
    expect(r[0]).toMatchObject({ action: 'enrol', eventId, eventTitle: 'Dia de campo', userId: people.ana!.userId });
    expect(r[2]).toMatchObject({ action: 'waitlist', position: 1, userId: people.caio!.userId });
    expect(r[3]).toMatchObject({ action: 'invalid', errors: [{ field: 'email', code: 'attendee-email-unknown', value: 'nobody@imports.test' }] });
    expect(r[4]).toMatchObject({ action: 'invalid', errors: [{ field: 'event', code: 'event-unknown', value: 'NOPE' }] });
    expect(r[5]).toMatchObject({ action: 'invalid', errors: [{ field: 'email', code: 'duplicate-in-file', limit: 2 }] });
    expect(r[6].errors).toEqual([
      { field: 'email', code: 'email' },
      { field: 'lang', code: 'invalid-value', value: 'klingon' },
    ]);
    expect(await head()).toBe(before);

    const done = await importUsers(as.admin, file);
    expect(done.json().totals).toEqual({ rows: 7, enrol: 2, waitlist: 1, unchanged: 0, invalid: 4 });
    const attendees = await call('GET', `/api/scheduledEvents/${eventId}/attendees`, { token: as.manager, headers: { 'x-min-position': String(done.headers['x-event-position']) } });
    expect(attendees.json().items.map((a: { email: string; status: string; lang: string }) => [a.email, a.status, a.lang])).toEqual([
      ['ana@imports.test', 'enrolled', 'pt-BR'],
      ['bia@imports.test', 'enrolled', 'es'],
      ['caio@imports.test', 'waitlisted', 'es'],
    ]);
    const afterImport = await head();
    const again = await importUsers(as.admin, file);
    expect(again.json().totals).toEqual({ rows: 7, enrol: 0, waitlist: 0, unchanged: 3, invalid: 4 });
    expect(await head()).toBe(afterImport);
  });

  it('a file without an event column enrols everyone in the query\'s event; a draft refuses enrolment', async () => {
    const draft = (await importEvents(as.admin, csv([['Key', 'Title', 'Type', 'Date', 'Start hour', 'Finish hour', 'Vacancies'], ['USR-2', 'Rascunho', 'course', '2026-12-10', '09:00', '12:00', '5']]))).json().rows[0].eventId;
    const res = await importUsers(as.admin, csv([['Email'], ['dora@imports.test']]), { eventId: draft, dryRun: 'true' });
    expect(res.json().rows[0]).toMatchObject({ action: 'invalid', errors: [{ field: 'event', code: 'event-enrolment-closed' }] });
    const noEvent = await importUsers(as.admin, csv([['Email'], ['dora@imports.test']]));
    expect(noEvent.statusCode).toBe(400);
    expect(noEvent.json().details[0]).toMatchObject({ path: 'file', message: 'missingColumn' });
  });
});

describe('tc_admin adds an attendee by e-mail', () => {
  it('enrols the person with that e-mail, waitlists past the vacancies, leaves someone already on the list as they are; an unknown e-mail is attendee-email-unknown', async () => {
    const eventId = await publishedEvent(call, as.admin, { vacancies: 1 });
    const add = (email: string) => call('POST', `/api/scheduledEvents/${eventId}/attendees`, { token: as.admin, body: { email } });
    const first = await add('Ana@Imports.test');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ eventId, userId: people.ana!.userId, attendance: { status: 'enrolled' } });
    const before = await head();
    expect((await add('ana@imports.test')).json().attendance.status).toBe('enrolled');
    expect(await head()).toBe(before);
    expect((await add('bia@imports.test')).json().attendance).toMatchObject({ status: 'waitlisted', position: 1 });
    const unknown = await add('nobody@imports.test');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'attendee-email-unknown', details: [{ path: 'email' }] });
    expect((await add('not-an-email')).statusCode).toBe(400);
    const enrolled = (await t.infra.store.readStream(scheduledEventStream(eventId))).find((e) => e.type === 'AttendeeEnrolled');
    expect(enrolled?.data).toMatchObject({ userId: people.ana!.userId, email: 'ana@imports.test', by: expect.any(String) });
  });
});

describe('open answers and the XLSX report', () => {
  let eventId = '';
  let quizId = '';
  let ana: Learner;

  beforeAll(async () => {
    t.clock.set(START);
    eventId = await publishedEvent(call, as.admin, { vacancies: 5, title: '=1+1 Relatório' });
    quizId = (await call('POST', '/api/quiz', { token: as.admin, body: quizInput() })).json().quizId;
    await call('POST', '/api/quiz/event', { token: as.admin, body: { quizId, eventId } });
    await call('POST', '/api/quiz/new-quiz-date', { token: as.admin, body: { quizId, eventId, opensAt: EVENT_DAY.startsAt, closesAt: EVENT_DAY.endsAt } });
    ana = await learner(t, 95);
    await call('POST', `/api/scheduledEvents/${eventId}/enrol`, { token: ana.token, body: { lang: 'pt-BR' } });
    await call('POST', `/api/scheduledEvents/${eventId}/enrol`, { token: (await learner(t, 96)).token, body: {} });
  });
  afterAll(() => t.clock.set(START));

  it('staff read the open answer\'s text with its question, score it, and read the score back', async () => {
    t.clock.set(new Date(Date.parse(EVENT_DAY.startsAt) + 10 * 60_000).toISOString());
    const screen = (await call('GET', `/api/scheduledEvents/${eventId}/code`, { token: as.manager })).json();
    expect((await call('POST', '/api/scheduledEvents/scan', { token: ana.token, body: { code: screen.code } })).statusCode).toBe(200);
    const quiz = (await call('GET', `/api/quiz/${quizId}`, { token: as.manager })).json();
    const mine = quiz.questions.filter((q: { language: string }) => q.language === 'pt-BR');
    const answers = mine.map((q: { questionId: string; type: string; alternatives: { alternativeId: string; correct: boolean }[] }) =>
      q.type === 'open' ? { questionId: q.questionId, text: 'Vou monitorar a lavoura toda semana' } : { questionId: q.questionId, alternativeIds: [q.alternatives.find((a) => a.correct)!.alternativeId] },
    );
    const answered = await call('POST', `/api/scheduledEvents/${eventId}/quiz/${quizId}/answer`, { token: ana.token, body: { lang: 'pt-BR', answers } });
    expect(answered.statusCode, answered.body).toBe(200);
    const open = mine.find((q: { type: string }) => q.type === 'open');
    const list = await call('GET', `/api/scheduledEvents/${eventId}/quiz/${quizId}/answers`, { token: as.manager });
    expect(list.json().items).toEqual([
      { userId: ana.userId, email: 'learner95@example.com', questionId: open.questionId, question: 'O que você vai aplicar na sua lavoura?', language: 'pt-BR', text: 'Vou monitorar a lavoura toda semana', score: null, maxScore: 5, answeredAt: expect.any(String) },
    ]);
    const scored = await call('POST', `/api/scheduledEvents/${eventId}/quiz/${quizId}/answers/${ana.userId}/score`, { token: as.manager, body: { questionId: open.questionId, score: 4 } });
    expect(scored.statusCode).toBe(200);
    expect((await call('GET', `/api/scheduledEvents/${eventId}/quiz/${quizId}/answers`, { token: as.admin })).json().items[0].score).toBe(4);
  });

  it('exports the report as XLSX: the event in the first rows, localized headers, one row per attendee, times in the event\'s zone', async () => {
    const res = await call('GET', `/api/reports/event/${eventId}/status?format=xlsx&lang=es`, { token: as.manager });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${eventId}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(cells(1)).toEqual(['Evento', "'=1+1 Relatório"]);
    expect(cells(2)).toEqual(['Fecha', '2026-12-10 09:00-12:00']);
    expect(cells(4)).toEqual(['Estado', 'Publicado']);
    expect(cells(8).slice(0, 5)).toEqual(['ID de usuario', 'Nombre', 'Correo', 'Estado', 'Posición en la lista de espera']);
    const anaRow = cells(9);
    expect(anaRow[0]).toBe(ana.userId);
    expect(anaRow[3]).toBe('Inscrito');
    // checked in 10 minutes after the 09:00 start, as the venue's clock showed it
    expect((anaRow[8] as Date).toISOString()).toBe('2026-12-10T09:10:00.000Z');
    expect(anaRow[11]).toBe(14);
    expect(sheet.rowCount).toBe(10);
    for (const token of [(await learner(t, 97)).token, as.auditor]) expect((await call('GET', `/api/reports/event/${eventId}/status?format=xlsx`, { token })).statusCode).toBe(403);
  });
});
