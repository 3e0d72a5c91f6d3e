import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { CATALOGUE_STREAM, questionSchema, stationSchema, stationStream, questionStream, type CatalogueEvent, type CatalogueStation, type Question } from '@portal/learning/contracts';
import { catalogueProjection } from './catalogue.projection.js';
import { listImports, loadCatalogue } from './queries.js';

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
const ctx = { correlationId: 'c', actor: 'system', origin: 'import' as const };
const t = (m: number) => new Date(Date.parse('2026-11-21T10:00:00.000Z') + m * 60_000).toISOString();
const L = (x: string) => ({ 'pt-BR': x, es: x, en: x });
const station = (title: string, entries: { entryId: string; hash: string }[]): CatalogueStation => ({
  ...stationSchema.parse({
    stationId: 'st-1',
    path: 'st-1',
    type: 'Detail',
    title: L(title),
    entries: entries.map((e) => ({ entryId: e.entryId, type: 'video', title: L(e.entryId), src: { 'pt-BR': 'media/v.mp4' }, duration: 10 })),
  }),
  mediaHashes: { 'media/v.mp4': 'abc' },
  entryHashes: Object.fromEntries(entries.map((e) => [e.entryId, e.hash])),
});
// a valid question: stored events are parsed with the pack's schemas (two options at least)
const question: Question = questionSchema.parse({ questionId: 'q1', label: L('q'), options: [{ id: 'q1-a', label: L('a') }, { id: 'q1-b', label: L('b') }] });
const events: [string, CatalogueEvent][] = [
  [stationStream('st-1'), { type: 'StationRevised', data: { stationId: 'st-1', revision: 1, contentHash: 'h1', station: station('One', [{ entryId: 'v1', hash: 'a' }, { entryId: 'v2', hash: 'b' }]), packVersion: '1', revisedAt: t(0) } }],
  [questionStream('q1'), { type: 'QuestionRevised', data: { questionId: 'q1', revision: 1, contentHash: 'q', question, packVersion: '1', revisedAt: t(0) } }],
  [CATALOGUE_STREAM, { type: 'CatalogueImported', data: { packVersion: '1', packHash: 'p1', source: 'test', revised: { stations: ['st-1'], questions: ['q1'], certificates: [], pages: [] }, retired: { stations: [], questions: [], certificates: [], pages: [] }, items: { stations: ['st-1'], questions: ['q1'], certificates: [], pages: [] }, importedAt: t(0) } }],
  // v2 changes, v3 appears, v1 is dropped
  [stationStream('st-1'), { type: 'StationRevised', data: { stationId: 'st-1', revision: 2, contentHash: 'h2', station: station('One, revised', [{ entryId: 'v2', hash: 'b2' }, { entryId: 'v3', hash: 'c' }]), packVersion: '2', revisedAt: t(10) } }],
  [questionStream('q1'), { type: 'QuestionRetired', data: { questionId: 'q1', revision: 2, packVersion: '2', retiredAt: t(10) } }],
];

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [catalogueProjection], { run: false, batchSize: 2 });
  await runtime.start();
  for (const [stream, e] of events) await store.append(stream, [{ type: e.type, data: e.data as unknown as Record<string, unknown> }], { expectedRevision: 'any', context: ctx });
  await runtime.catchUp();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const dump = async () => {
  const r = runtime.reader('catalogue');
  const all = async (table: string, key: string) => JSON.parse(JSON.stringify(await r.selectFrom(table).selectAll().orderBy(key).execute()));
  return { stations: await all('stations', 'station_id'), entries: await all('entries', 'entry_id'), questions: await all('questions', 'question_id'), imports: await all('imports', 'imported_at') };
};

describe('catalogue projection', () => {
  it('keeps the live revision of each item and when each entry changed', async () => {
    const snapshot = await loadCatalogue(runtime.reader('catalogue'));
    expect(snapshot.stations).toHaveLength(1);
    expect(snapshot.stations[0]).toMatchObject({ stationId: 'st-1', revision: 2, revisedAt: t(10), title: { en: 'One, revised' } });
    expect(snapshot.entryDates).toEqual({
      v2: { mediaUpdatedAt: t(10), uploadDate: t(0) },
      v3: { mediaUpdatedAt: t(10), uploadDate: t(10) },
    });
    expect(snapshot.questions).toEqual([]);
    expect((await listImports(runtime.reader('catalogue'))).map((i) => i.packHash)).toEqual(['p1']);
  });

  it('does not move mediaUpdatedAt of an unchanged entry', async () => {
    await store.append(
      stationStream('st-1'),
      [{ type: 'StationRevised', data: { stationId: 'st-1', revision: 3, contentHash: 'h3', station: station('One, again', [{ entryId: 'v2', hash: 'b2' }, { entryId: 'v3', hash: 'c' }]), packVersion: '3', revisedAt: t(20) } }],
      { expectedRevision: 'any', context: ctx },
    );
    await runtime.catchUp();
    const snapshot = await loadCatalogue(runtime.reader('catalogue'));
    expect(snapshot.entryDates.v2!.mediaUpdatedAt).toBe(t(10));
  });

  it('rebuilt from the log equals the incremental build', async () => {
    const incremental = await dump();
    await runtime.rebuild('catalogue');
    expect(await dump()).toEqual(incremental);
  });
});
