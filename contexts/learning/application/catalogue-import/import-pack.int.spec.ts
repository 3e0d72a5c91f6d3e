import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fixedClock } from '@portal/kernel';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { catalogueProjection, loadCatalogue } from '@portal/projection-catalogue';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { importContentPack, PackValidationError } from './import-pack.js';
import { resolveContentDir } from '../shared/content-dir.js';

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
let dir: string;
const clock = fixedClock('2026-11-21T12:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [catalogueProjection], { run: false });
  await runtime.start();
  // a copy of the demo pack we may change
  dir = mkdtempSync(join(tmpdir(), 'pack-'));
  cpSync(resolveContentDir(), dir, { recursive: true });
});
afterAll(async () => {
  await store.close();
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

const file = () => join(dir, 'pack.json');
const pack = () => JSON.parse(readFileSync(file(), 'utf8'));
const save = (p: unknown) => writeFileSync(file(), JSON.stringify(p, null, 2));
const countEvents = async () => (await store.readAll({ limit: 100_000 })).events.length;

describe('content import', () => {
  it('imports every item into its own stream and records CatalogueImported', async () => {
    const report = await importContentPack(store, clock, { file: file(), source: 'test' });
    const { stations, questions, pages } = pack();
    expect(report.revised.stations).toHaveLength(stations.length);
    expect(report.revised.questions).toHaveLength(questions.length);
    expect(report.revised.certificates).toEqual(['cert-algodao', 'cert-milho', 'cert-soja']);
    expect(report.events).toBe(stations.length + questions.length + 3 + pages.length + 1);
    const station = await store.readStream('learning.station-soja');
    expect(station.map((e) => [e.type, e.data.revision])).toEqual([['StationRevised', 1]]);
    expect(station[0]!.metadata).toMatchObject({ actor: 'system', origin: 'import' });
    await runtime.catchUp();
    const snapshot = await loadCatalogue(runtime.reader('catalogue'));
    expect(snapshot.stations.map((s) => s.stationId)).toContain('ctb_cast');
    expect(snapshot.stations.find((s) => s.stationId === 'soja')!.mediaHashes['media/video/soja.mp4']).toMatch(/^[0-9a-f]{16}$/);
  });

  it('writes nothing when the same pack is imported again', async () => {
    const before = await countEvents();
    const report = await importContentPack(store, clock, { file: file() });
    expect(report.events).toBe(0);
    expect(await countEvents()).toBe(before);
  });

  it('gives a changed item a new revision and leaves the others alone', async () => {
    const p = pack();
    p.stations.find((s: { stationId: string }) => s.stationId === 'milho-nutricao').title.en = 'Corn nutrition';
    p.packVersion = '2026.11.2';
    save(p);
    clock.advance(60_000);
    const report = await importContentPack(store, clock, { file: file() });
    expect(report.revised).toEqual({ stations: ['milho-nutricao'], questions: [], certificates: [], pages: [] });
    expect(report.events).toBe(2);
    const events = await store.readStream('learning.station-milho-nutricao');
    expect(events.map((e) => e.data.revision)).toEqual([1, 2]);
    const imports = await store.readStream('learning.catalogue');
    expect(imports.map((e) => e.type)).toEqual(['CatalogueImported', 'CatalogueImported']);
    expect(imports[1]!.data).toMatchObject({ packVersion: '2026.11.2', revised: { stations: ['milho-nutricao'] } });
  });

  it('revises the station whose file changed, moving only that entry\'s media update time', async () => {
    await runtime.catchUp();
    const before = await loadCatalogue(runtime.reader('catalogue'));
    appendFileSync(join(dir, 'media/docs/guia-soja.pdf'), '\n% revised\n');
    clock.advance(60_000);
    const report = await importContentPack(store, clock, { file: file() });
    // every station with an entry playing that file
    expect(report.revised.stations).toEqual(['algodao-pragas', 'biblioteca-rotulos', 'gestao-custos', 'soja-manejo', 'soja-plantio']);
    await runtime.catchUp();
    const after = await loadCatalogue(runtime.reader('catalogue'));
    expect(after.entryDates['soja-plantio-guia']!.mediaUpdatedAt).toBe(clock.now().toISOString());
    expect(after.entryDates['soja-plantio-guia']!.uploadDate).toBe(before.entryDates['soja-plantio-guia']!.uploadDate);
    expect(after.entryDates['soja-plantio-video']!.mediaUpdatedAt).toBe(before.entryDates['soja-plantio-video']!.mediaUpdatedAt);
  });

  it('retires items that left the pack', async () => {
    const p = pack();
    p.stations = p.stations.filter((s: { stationId: string }) => s.stationId !== 'arquivo-2023');
    save(p);
    const report = await importContentPack(store, clock, { file: file() });
    expect(report.retired.stations).toEqual(['arquivo-2023']);
    await runtime.catchUp();
    const snapshot = await loadCatalogue(runtime.reader('catalogue'));
    expect(snapshot.stations.map((s) => s.stationId)).not.toContain('arquivo-2023');
    expect(snapshot.entryDates['arquivo-2023-video']).toBeUndefined();
    expect((await importContentPack(store, clock, { file: file() })).events).toBe(0);
  });

  it('refuses an invalid pack with every problem and its path, writing nothing', async () => {
    const before = await countEvents();
    const p = pack();
    p.stations[0].entries[0].type = 'hologram';
    p.stations[1].title.es = '';
    save(p);
    const error = await importContentPack(store, clock, { file: file() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackValidationError);
    expect((error as PackValidationError).problems.map((x) => x.path)).toEqual(['stations.0.entries.0.type', 'stations.1.title.es']);
    expect(await countEvents()).toBe(before);
    // cross references are checked once the shapes hold
    const q = pack();
    q.stations[0].entries[0].type = 'video';
    q.stations[1].title.es = 'Soja';
    q.stations[1].parent = 'nowhere';
    save(q);
    const dangling = (await importContentPack(store, clock, { file: file() }).catch((e: unknown) => e)) as PackValidationError;
    expect(dangling.problems).toEqual([{ path: 'stations.1.parent', message: 'unknown station nowhere' }]);
    // and files once the references hold
    delete q.stations[1].parent;
    q.stations[2].entries[0].src = { 'pt-BR': 'media/video/missing.mp4' };
    save(q);
    const missing = (await importContentPack(store, clock, { file: file() }).catch((e: unknown) => e)) as PackValidationError;
    expect(missing.problems).toEqual([expect.objectContaining({ path: 'stations.2.entries.0.src.pt-BR', message: expect.stringContaining('missing.mp4') })]);
    expect(missing.message).toContain('stations.2.entries.0.src.pt-BR');
    expect(await countEvents()).toBe(before);
  });

  it('refuses a missing file and text that is not JSON', async () => {
    await expect(importContentPack(store, clock, { file: join(dir, 'nope.json') })).rejects.toThrow(/file not found/);
    writeFileSync(file(), '{ nope');
    await expect(importContentPack(store, clock, { file: file() })).rejects.toThrow(/not JSON/);
  });
});

describe('SCORM versions at import (issue 27)', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'pack-scorm-'));
    cpSync(resolveContentDir(), copy, { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const packFile = () => join(copy, 'pack.json');
  type PackEntry = { entryId: string; scormVersion?: string };
  const withEntries = (edit: (e: PackEntry) => void) => {
    const p = JSON.parse(readFileSync(packFile(), 'utf8'));
    for (const s of p.stations) for (const e of s.entries) edit(e);
    writeFileSync(packFile(), JSON.stringify(p, null, 2));
  };
  const manifest = (pkg: string) => join(copy, 'media/scorm', pkg, 'imsmanifest.xml');
  const versionOf = async (entryId: string) => {
    await runtime.catchUp();
    const catalogue = await loadCatalogue(runtime.reader('catalogue'));
    return catalogue.stations.flatMap((s) => s.entries).find((e) => e.entryId === entryId)?.scormVersion;
  };

  it("reads the version from the manifest's <schemaversion>, the pack's only when the manifest has none", async () => {
    // the pack types the wrong versions; the manifests say 1.2 and 2004 4th Edition
    withEntries((e) => {
      if (e.entryId === 'soja-plantio-solo') e.scormVersion = '2004';
      if (e.entryId === 'biblioteca-rotulos-curso') delete e.scormVersion;
    });
    await importContentPack(store, clock, { file: packFile() });
    expect(await versionOf('soja-plantio-solo')).toBe('1.2');
    expect(await versionOf('biblioteca-rotulos-curso')).toBe('2004');
    // a manifest without <schemaversion>: the pack's typed version stands in
    writeFileSync(manifest('biblioteca-2004'), readFileSync(manifest('biblioteca-2004'), 'utf8').replace(/<schemaversion>[^<]*<\/schemaversion>/, ''));
    withEntries((e) => {
      if (e.entryId === 'biblioteca-rotulos-curso') e.scormVersion = '1.2';
    });
    clock.advance(60_000);
    await importContentPack(store, clock, { file: packFile() });
    expect(await versionOf('biblioteca-rotulos-curso')).toBe('1.2');
    // neither: refused, naming the entry
    withEntries((e) => {
      if (e.entryId === 'biblioteca-rotulos-curso') delete e.scormVersion;
    });
    const before = await countEvents();
    const none = (await importContentPack(store, clock, { file: packFile() }).catch((e: unknown) => e)) as PackValidationError;
    expect(none).toBeInstanceOf(PackValidationError);
    expect(none.problems).toEqual([expect.objectContaining({ path: expect.stringMatching(/^stations\.\d+\.entries\.\d+\.scormVersion$/), message: expect.stringContaining('<schemaversion>') })]);
    // a manifest that is not well-formed: refused with its file and line
    writeFileSync(manifest('solo-12'), '<?xml version="1.0"?>\n<manifest>\n  <metadata>\n</manifest>\n');
    const bad = (await importContentPack(store, clock, { file: packFile() }).catch((e: unknown) => e)) as PackValidationError;
    expect(bad.problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/^media\/scorm\/solo-12\/imsmanifest\.xml:\d+:\d+: /));
    expect(await countEvents()).toBe(before);
  });
});

/**
 * Unzipped packages as Windows authoring tools leave them (issue 27, ADR 0084 "Real packages
 * tried"), written here: the manifest named IMSManifest.xml and saved as UTF-16 with its BOM, the
 * launch page in a sub-folder with a query, the SCO's files only through a dependency.
 */
const WINDOWS_MANIFEST = `<?xml version="1.0" encoding="UTF-16" standalone="no" ?>
<manifest identifier="golf.windows" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Golfe – edição Windows</title>
    <item identifier="playing" identifierref="playing_resource"><title>Jogando</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="playing_resource" type="webcontent" adlcp:scormType="sco" href="shared/launchpage.html?content=playing"><dependency identifierref="common"/></resource>
    <resource identifier="common" type="webcontent" adlcp:scormType="asset"><file href="shared/launchpage.html"/><file href="shared/scormfunctions.js"/></resource>
  </resources>
</manifest>`;

describe('importing a package as a Windows tool leaves it (issue 27)', () => {
  let real: string;
  beforeAll(() => {
    real = mkdtempSync(join(tmpdir(), 'pack-real-'));
    cpSync(resolveContentDir(), real, { recursive: true });
    const put = (path: string, body: string | Buffer) => {
      mkdirSync(dirname(join(real, path)), { recursive: true });
      writeFileSync(join(real, path), body);
    };
    put('media/scorm/golf-windows/IMSManifest.xml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(WINDOWS_MANIFEST, 'utf16le')]));
    put('media/scorm/golf-windows/shared/launchpage.html', '<script src="scormfunctions.js"></script>');
    put('media/scorm/golf-windows/shared/scormfunctions.js', 'var API = null;');
    const pack = JSON.parse(readFileSync(join(real, 'pack.json'), 'utf8'));
    const station = pack.stations.find((s: { stationId: string }) => s.stationId === 'soja-plantio');
    const src = 'media/scorm/golf-windows/shared/launchpage.html?content=playing';
    station.entries.push({ entryId: 'golf-windows', type: 'scorm', title: { 'pt-BR': 'Golfe', es: 'Golf', en: 'Golf' }, src: { 'pt-BR': src, es: src, en: src }, displayOrder: 99, optional: true });
    writeFileSync(join(real, 'pack.json'), JSON.stringify(pack, null, 2));
  });
  afterAll(() => rmSync(real, { recursive: true, force: true }));

  it('finds IMSManifest.xml at the package root, reads it as UTF-16 and takes its version; a changed script is a new revision', async () => {
    const first = await importContentPack(store, clock, { file: join(real, 'pack.json') });
    expect(first.events).toBeGreaterThan(0);
    await runtime.catchUp();
    const entryOf = async () => (await loadCatalogue(runtime.reader('catalogue'))).stations.flatMap((s) => s.entries).find((e) => e.entryId === 'golf-windows');
    expect(await entryOf()).toMatchObject({ type: 'scorm', scormVersion: '2004' });
    // the revision hash covers the package root, the dependency's script included
    writeFileSync(join(real, 'media/scorm/golf-windows/shared/scormfunctions.js'), 'var API = window.parent.API;');
    clock.advance(60_000);
    const second = await importContentPack(store, clock, { file: join(real, 'pack.json') });
    expect(second.revised.stations).toContain('soja-plantio');
  });
});
