import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { searchDocuments, searchProjection } from './search.projection.js';

const ctx = { correlationId: 'c', actor: 'system', origin: 'import' as const };
const entry = (entryId: string, pt: string, es: string, en: string, keywords?: Record<string, string>) => ({
  entryId,
  type: 'video',
  title: { 'pt-BR': pt, es, en },
  src: { 'pt-BR': '/media/x.mp4' },
  duration: 10,
  optional: false,
  displayOrder: 0,
  tags: [],
  questionsIds: [],
  protected: false,
  requires: [],
  ...(keywords ? { searchKeywords: keywords } : {}),
});
const station = (stationId: string, isActive: boolean, entries: unknown[]) => ({
  stationId,
  path: stationId,
  type: 'Detail',
  title: { 'pt-BR': 'Soja: manejo', es: 'Soja: manejo', en: 'Soybean: management' },
  routeArea: 'training',
  displayCategory: 'crop',
  listingOrder: 0,
  isActive,
  isDefault: false,
  hideInMap: false,
  areas: ['default'],
  countries: [],
  aclTags: [],
  entries,
  mediaHashes: {},
  entryHashes: {},
});

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [searchProjection], { run: false });
  await runtime.start();
  const revise = (s: ReturnType<typeof station>, revision: number) =>
    store.append(`learning.station-${s.stationId}`, [{ type: 'StationRevised', data: { stationId: s.stationId, revision, contentHash: String(revision), station: s, packVersion: '1', revisedAt: '2026-11-21T10:00:00.000Z' } }], { expectedRevision: 'any', context: ctx });
  await revise(station('soja-manejo', true, [entry('pragas-soja', 'Manejo de pragas na soja', 'Manejo de plagas en la soja', 'Pest control in soybeans', { 'pt-BR': 'lagarta percevejo' }), entry('colheita', 'Colheita e armazenagem', 'Cosecha y almacenamiento', 'Harvest and storage')]), 1);
  await revise(station('old', false, [entry('antigo', 'Conteúdo antigo de pragas', 'Contenido antiguo de plagas', 'Old pest content')]), 1);
  await runtime.catchUp();
});
afterAll(async () => {
  await runtime.stop();
  await store.close();
  await db.drop();
});

const ids = async (q: string, lang: 'pt-BR' | 'es' | 'en') => (await searchDocuments(runtime.reader('search'), q, lang)).map((r) => r.object_id);

describe('catalogue search', () => {
  it('finds by stemmed words in each language', async () => {
    expect(await ids('pragas', 'pt-BR')).toEqual(['pragas-soja']);
    expect(await ids('plagas', 'es')).toEqual(['pragas-soja']);
    expect(await ids('pest', 'en')).toEqual(['pragas-soja']);
  });
  it('ignores accents and letter case, and matches word prefixes', async () => {
    expect(await ids('ARMAZÉNAGEM', 'pt-BR')).toEqual(['colheita']);
    expect(await ids('almacen', 'es')).toEqual(['colheita']);
    expect(await ids('colh arm', 'pt-BR')).toEqual(['colheita']);
  });
  it('uses search keywords and leaves out inactive stations', async () => {
    expect(await ids('percevejo', 'pt-BR')).toEqual(['pragas-soja']);
    expect(await ids('antigo', 'pt-BR')).toEqual([]);
  });
  it('drops the documents of a retired station', async () => {
    await store.append('learning.station-soja-manejo', [{ type: 'StationRetired', data: { stationId: 'soja-manejo', revision: 2, packVersion: '2', retiredAt: '2026-11-21T11:00:00.000Z' } }], { expectedRevision: 'any', context: ctx });
    await runtime.catchUp();
    expect(await ids('pragas', 'pt-BR')).toEqual([]);
  });
});
