import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '@portal/testing/app';
import type { TestUser } from '@portal/testing/identity';
import { after, seedLearning, tokenFor } from '../../testing/test-kit.js';
import { ASSET_ONLY_FIXTURE, ASSET_ONLY_FIXTURE_ENTRY, FILE_NAMES_FIXTURE, FILE_NAMES_FIXTURE_ENTRY, fixtureFiles, fixtureVersion, folderFiles, LINK_MODE, lyingAboutSize, UPLOAD_FIXTURE_ENTRY, zipOf, zipWithName } from '../../testing/scorm-zips.js';
import { importContentPack } from '../catalogue-import/import-pack.js';
import Fastify from 'fastify';
import { parseConfig } from '@portal/api';
import { ContentOrigin } from '../serve-package/content-origin.js';
import { resolveContentDir } from '../shared/content-dir.js';
import { scormPackagesDir } from '../shared/uploaded-packages.js';

// Issue 27: a SCORM zip uploaded in the manager area, judged (zip safety, manifest), previewed,
// then published into a station as its next revision.

let t: TestApp;
let dataDir: string;
let learner: TestUser;
let admin: string;
let manager: string;
const STATION = 'soja-plantio';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'scorm-upload-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  learner = await seedLearning(t);
  admin = await tokenFor(t, { sub: '01900000-0000-7000-8000-0000000000a1', email: 'admin@upload.test', roles: ['company_admin'], permissions: ['manage_all_companies'] });
  manager = await tokenFor(t, { sub: '01900000-0000-7000-8000-0000000000a2', email: 'manager@upload.test', roles: ['company_admin'], permissions: ['manage_companies_users', 'view_manager_dashboard'] });
});
afterAll(async () => {
  await t?.close();
});

const packages = () => scormPackagesDir(dataDir);
/** Every file and folder under the packages folder (nothing written: empty). */
const written = () => (existsSync(packages()) ? readdirSync(packages(), { recursive: true }) : []);
const eventCount = async () => (await t.infra.store.readAll({ limit: 100_000 })).events.length;

function multipart(zip: Buffer, name = 'course.zip'): { body: Buffer; headers: Record<string, string> } {
  const boundary = 'scorm-upload-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`);
  return { body: Buffer.concat([head, zip, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (zip: Buffer, token = admin) => t.request('POST', '/api/manager/scorm-packages', { token, ...multipart(zip) });
const publish = (packageId: string, stationId = STATION, token = admin) => t.request('POST', `/api/manager/scorm-packages/${packageId}/publish`, { token, body: { stationId } });

/** Uploads a refused zip: 400 with this detail code, and nothing on disk nor in the log. */
async function expectRefused(zip: Buffer, code: string) {
  const events = await eventCount();
  const res = await upload(zip);
  expect({ status: res.statusCode, code: res.json().code, detail: res.json().details?.[0]?.code }).toEqual({ status: 400, code: 'app/bed-request', detail: code });
  expect(written()).toEqual([]);
  expect(await eventCount()).toBe(events);
  return res.json();
}

describe('SCORM zip upload: who may', () => {
  it('is for holders of manage_all_companies only', async () => {
    const zip = await zipOf(fixtureFiles());
    expect((await t.request('POST', '/api/manager/scorm-packages', multipart(zip))).statusCode).toBe(401);
    expect((await upload(zip, learner.token)).statusCode).toBe(403);
    expect((await upload(zip, manager)).statusCode).toBe(403);
    expect((await publish('0123456789abcdef', STATION, manager)).statusCode).toBe(403);
    expect(written()).toEqual([]);
  });
});

describe('SCORM zip upload: zip safety, nothing written', () => {
  it('refuses a 0-byte file and a file that is no zip', async () => {
    await expectRefused(Buffer.alloc(0), 'zip_empty');
    await expectRefused(Buffer.from('<html>not a zip</html>'), 'not_a_zip');
  });

  it('refuses zip-slip: an entry whose path leaves the package folder', async () => {
    const zip = await zipWithName({ ...fixtureFiles(), 'zz/evil.htm': 'owned' }, 'zz/evil.htm', '../evil.htm');
    const body = await expectRefused(zip, 'zip_unsafe_path');
    expect(body.details[0].message).toContain('../evil.htm');
    expect(existsSync(join(dataDir, 'evil.htm'))).toBe(false);
  });

  it('refuses an absolute path and a symbolic link', async () => {
    await expectRefused(await zipWithName({ ...fixtureFiles(), 'xtmp/evil.htm': 'owned' }, 'xtmp/evil.htm', '/tmp/evil.htm'), 'zip_unsafe_path');
    await expectRefused(await zipOf({ ...fixtureFiles(), 'lessons/link.htm': '/etc/passwd' }, { 'lessons/link.htm': { mode: LINK_MODE } }), 'zip_link');
  });

  it('refuses a zip bomb (a file compressed over 100 to 1)', async () => {
    const zip = await zipOf({ ...fixtureFiles(), 'media/zeros.bin': Buffer.alloc(20 * 1024 * 1024) });
    expect(zip.length).toBeLessThan(200 * 1024);
    await expectRefused(zip, 'zip_bomb');
  });

  it('refuses a zip bomb that lies about its size, removing what it had begun to write', async () => {
    // the central directory says 1 KB; 3 MB come out: the copy stops, the incoming folder goes
    const zip = lyingAboutSize(await zipOf({ ...fixtureFiles(), 'media/zeros.bin': Buffer.alloc(3 * 1024 * 1024, 7) }), 'media/zeros.bin', 1024);
    const body = await expectRefused(zip, 'zip_bomb');
    expect(body.details[0].message).toContain('media/zeros.bin is not the size it declares');
  });

  it('refuses a bad manifest with its file and line, and a missing launch file', async () => {
    const manifest = fixtureFiles()['imsmanifest.xml']!.toString().replace('<title>Introdução</title>', '<title>Introdução</titel>');
    const body = await expectRefused(await zipOf(fixtureFiles({ 'imsmanifest.xml': manifest })), 'manifest_invalid');
    const line = manifest.split('\n').findIndex((l) => l.includes('</titel>')) + 1;
    expect(body.params).toMatchObject({ file: 'imsmanifest.xml', line });
    expect(body.details[0].message).toMatch(new RegExp(`^imsmanifest\\.xml:${line}:\\d+: `));
    const files = fixtureFiles();
    delete files['lessons/practice.htm'];
    const missing = await expectRefused(await zipOf(files), 'launch_missing');
    expect(missing.details[0].message).toContain('lessons/practice.htm');
    const noManifest = fixtureFiles();
    delete noManifest['imsmanifest.xml'];
    await expectRefused(await zipOf(noManifest), 'manifest_missing');
  });
});

describe('SCORM zip upload: preview, publish, a new version', () => {
  let first: string;

  it('previews the course (title, version, SCOs) before anything is published', async () => {
    const events = await eventCount();
    const res = await upload(await zipOf(fixtureFiles()));
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({
      identifier: 'agro.upload.irrigacao',
      title: 'Irrigação por gotejamento',
      edition: '2004-4th',
      version: '2004',
      entryId: UPLOAD_FIXTURE_ENTRY,
      scos: [
        { id: 'intro', title: 'Introdução', launch: 'lessons/intro.htm?lang=pt' },
        { id: 'practice', title: 'Na prática', launch: 'lessons/practice.htm?part=2' },
      ],
      files: 4,
    });
    expect(preview.stations.map((s: { stationId: string }) => s.stationId)).toContain(STATION);
    first = preview.packageId;
    expect(readdirSync(packages())).toEqual([first]);
    // nothing is published yet: the learner does not see it, the log has no new event
    expect(await eventCount()).toBe(events);
    const scorms = (await t.request('GET', '/api/scorms', { token: learner.token })).json();
    expect(scorms.map((s: { scormId: string }) => s.scormId)).not.toContain(UPLOAD_FIXTURE_ENTRY);
    // the same zip again is the same package
    expect((await upload(await zipOf(fixtureFiles()))).json().packageId).toBe(first);
    expect(readdirSync(packages())).toEqual([first]);
  });

  it('publishes it into a station as its next revision, which the learner then opens', async () => {
    const before = (await t.infra.store.readStream(`learning.station-${STATION}`)).length;
    const res = await publish(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stationId: STATION, entryId: UPLOAD_FIXTURE_ENTRY, revision: before + 1, revised: true });
    const stream = await t.infra.store.readStream(`learning.station-${STATION}`);
    expect(stream.at(-1)).toMatchObject({ type: 'StationRevised', metadata: { actor: '01900000-0000-7000-8000-0000000000a1' } });
    const scorms = (await t.request('GET', '/api/scorms', { token: learner.token, headers: after(res) })).json();
    const course = scorms.find((s: { scormId: string }) => s.scormId === UPLOAD_FIXTURE_ENTRY);
    expect(course).toMatchObject({ version: '2004' });
    // the launch address as the manifest writes it, in the package's own folder (ADR 0084, real packages)
    expect(course.launchUrl['pt-BR']).toBe(`/api/media/scorm-uploads/${first}/lessons/intro.htm?lang=pt`);
    // the player gets the uploaded package's table of contents and each SCO's launch address (multi-SCO)
    const content = (await t.request('GET', `/api/user-store/scorm-content/${UPLOAD_FIXTURE_ENTRY}?lang=pt-BR`, { token: learner.token, headers: after(res) })).json();
    expect(content.package?.scos.map((s: { launchUrl: string }) => s.launchUrl.split('?')[0])).toEqual([
      `/api/media/scorm-uploads/${first}/lessons/intro.htm`,
      expect.stringMatching(new RegExp(`^/api/media/scorm-uploads/${first}/`)),
    ]);
    // publishing the same package again changes nothing
    expect((await publish(first)).json()).toMatchObject({ revised: false, revision: before + 1 });
    expect(await t.infra.store.readStream(`learning.station-${STATION}`)).toHaveLength(before + 1);
  });

  it("serves the published package's files from the content origin, and nothing of an upload being judged", async () => {
    const server = Fastify();
    const origin = new ContentOrigin(resolveContentDir(), parseConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }), packages());
    server.get('/*', (req, reply) => {
      origin.handle({ method: req.method, path: req.url, headers: req.headers as Record<string, string | undefined> }, reply);
      return reply;
    });
    const get = async (url: string) => (await server.inject({ method: 'GET', url, headers: { host: 'localhost:3001' } })).statusCode;
    const launch = await server.inject({ method: 'GET', url: `/media/scorm-uploads/${first}/lessons/intro.htm?lang=pt`, headers: { host: 'localhost:3001' } });
    expect(launch.statusCode).toBe(200);
    expect(launch.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(launch.body).toContain('onload="start()"');
    mkdirSync(join(packages(), '.incoming-probe'), { recursive: true });
    writeFileSync(join(packages(), '.incoming-probe', 'x.htm'), 'half');
    expect(await get('/media/scorm-uploads/.incoming-probe/x.htm')).toBe(404);
    expect(await get(`/media/scorm-uploads/${first}/..%2F..%2Fjwt-secret`)).toBe(404);
    rmSync(join(packages(), '.incoming-probe'), { recursive: true });
    await server.close();
  });

  it('makes a new version of the course a new revision of the same entry, keeping the old files for attempts begun', async () => {
    // a package of two SCOs: a commit names its SCO
    const scoId = (await t.request('GET', `/api/user-store/scorm-content/${UPLOAD_FIXTURE_ENTRY}`, { token: learner.token })).json().package.scos[0].id;
    const learnerSave = await t.request('POST', `/api/user-store/scorm-content/${UPLOAD_FIXTURE_ENTRY}`, { token: learner.token, body: { scoId, cmi: { 'cmi.location': 'page-2', 'cmi.completion_status': 'incomplete' } } });
    expect(learnerSave.statusCode).toBe(200);
    const preview = (await upload(await zipOf(fixtureVersion(2)))).json();
    expect(preview.packageId).not.toBe(first);
    expect(preview.stations[0]).toMatchObject({ stationId: STATION, hasCourse: true });
    const res = await publish(preview.packageId);
    expect(res.json()).toMatchObject({ entryId: UPLOAD_FIXTURE_ENTRY, revised: true });
    const scorms = (await t.request('GET', '/api/scorms', { token: learner.token, headers: after(res) })).json();
    expect(scorms.filter((s: { scormId: string }) => s.scormId === UPLOAD_FIXTURE_ENTRY)).toHaveLength(1);
    expect(scorms.find((s: { scormId: string }) => s.scormId === UPLOAD_FIXTURE_ENTRY).launchUrl.en).toContain(`/scorm-uploads/${preview.packageId}/`);
    // the first version's files stay: a learner's frame opened on them keeps playing
    expect(readdirSync(packages()).sort()).toEqual([first, preview.packageId].sort());
    // and the learner's run-time data is the entry's, across versions
    const resume = (await t.request('GET', `/api/user-store/scorm-content/${UPLOAD_FIXTURE_ENTRY}`, { token: learner.token, headers: after(res) })).json();
    expect(resume.scos[scoId].cmi).toMatchObject({ 'cmi.location': 'page-2' });
  });

  it('keeps the published course when the content pack is imported again', async () => {
    const before = await t.infra.store.readStream(`learning.station-${STATION}`);
    const report = await importContentPack(t.infra.store, t.infra.clock);
    expect(report.revised.stations).toEqual([]);
    expect(await t.infra.store.readStream(`learning.station-${STATION}`)).toHaveLength(before.length);
    const scorms = (await t.request('GET', '/api/scorms', { token: learner.token })).json();
    expect(scorms.map((s: { scormId: string }) => s.scormId)).toContain(UPLOAD_FIXTURE_ENTRY);
  });

  it('answers 404 for an unknown package or station, 400 for a bad id', async () => {
    expect((await publish('0123456789abcdef')).json()).toMatchObject({ code: '404', details: [{ code: 'unknown_package' }] });
    expect((await publish(first, 'no-such-station')).json()).toMatchObject({ code: '404', details: [{ code: 'unknown_station' }] });
    expect((await publish('../../etc')).statusCode).toBe(404);
    expect((await publish('not-a-package-id')).statusCode).toBe(400);
    expect((await t.request('POST', `/api/manager/scorm-packages/${first}/publish`, { token: admin, body: {} })).json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'stationId' }] });
  });
});

describe('SCORM zip upload: a zip as a Windows tool leaves it (ADR 0084, real packages)', () => {
  it('takes IMSManifest.xml saved as UTF-16 and a launch file named in another case than the manifest says', async () => {
    const files = fixtureFiles();
    const manifest = files['imsmanifest.xml']!.toString().replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-16"?>');
    delete files['imsmanifest.xml'];
    files['IMSManifest.xml'] = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(manifest, 'utf16le')]);
    files['lessons/INTRO.htm'] = files['lessons/intro.htm']!;
    delete files['lessons/intro.htm'];
    const res = await upload(await zipOf(files));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Irrigação por gotejamento', edition: '2004-4th', scos: [{ id: 'intro', launch: 'lessons/intro.htm?lang=pt' }, { id: 'practice' }] });
  });
});

describe('SCORM zip upload: file names that need percent-encoding (issue 27)', () => {
  it("finds the SCO the manifest names as a URI reference in the zip's raw names, launches it at its encoded address and serves it there", async () => {
    const zip = await zipOf(folderFiles(FILE_NAMES_FIXTURE));
    const res = await upload(zip);
    expect(res.statusCode).toBe(200);
    const packageId = res.json().packageId as string;
    expect(res.json().scos).toEqual([
      { id: 'guide', title: 'Leia antes', launch: 'Guia%20de%20campo/leia%20antes.html', file: 'Guia de campo/leia antes.html', parameters: '', scormType: 'asset' },
      { id: 'check', title: 'Verificação', launch: 'M%C3%B3dulo%201/100%25%20pronto%20%231%3F.htm?from=lms', file: 'Módulo 1/100% pronto #1?.htm', parameters: '?from=lms', scormType: 'sco' },
    ]);
    // the zip's raw names are the files on disk
    expect(existsSync(join(packages(), packageId, 'Módulo 1', '100% pronto #1?.htm'))).toBe(true);
    const published = await publish(packageId);
    expect(published.json()).toMatchObject({ entryId: FILE_NAMES_FIXTURE_ENTRY, revised: true });
    const content = (await t.request('GET', `/api/user-store/scorm-content/${FILE_NAMES_FIXTURE_ENTRY}?lang=pt-BR`, { token: learner.token, headers: after(published) })).json();
    const check = `/api/media/scorm-uploads/${packageId}/M%C3%B3dulo%201/100%25%20pronto%20%231%3F.htm?from=lms`;
    expect(content.launchUrl).toBe(`/api/media/scorm-uploads/${packageId}/Guia%20de%20campo/leia%20antes.html`);
    expect(content.package.scos).toEqual([
      expect.objectContaining({ id: 'guide', scormType: 'asset', launchUrl: `/api/media/scorm-uploads/${packageId}/Guia%20de%20campo/leia%20antes.html` }),
      expect.objectContaining({ id: 'check', scormType: 'sco', launchUrl: check }),
    ]);
    // the content origin serves the launch address (as the player turns /api/media/ into /media/) and the SCO's encoded relative link
    const origin = new ContentOrigin(resolveContentDir(), parseConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }), packages());
    const server = Fastify();
    server.get('/*', (req, reply) => {
      origin.handle({ method: req.method, path: req.url, headers: req.headers as Record<string, string | undefined> }, reply);
      return reply;
    });
    const sco = await server.inject({ method: 'GET', url: check.replace(/^\/api\/media\//, '/media/'), headers: { host: 'localhost:3001' } });
    expect(sco.statusCode).toBe(200);
    expect(sco.body).toContain('<script src="ajuda%20%231.js">');
    const helper = await server.inject({ method: 'GET', url: `/media/scorm-uploads/${packageId}/M%C3%B3dulo%201/ajuda%20%231.js`, headers: { host: 'localhost:3001' } });
    expect(helper.body).toContain("window.helperLoaded = 'helper loaded'");
    await server.close();
  });
});

describe('SCORM zip upload: a package whose only resource is an asset (issue 27)', () => {
  it('previews the asset, plays it as a package of one item, and a commit of it completes the entry', async () => {
    const res = await upload(await zipOf(folderFiles(ASSET_ONLY_FIXTURE)));
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ entryId: ASSET_ONLY_FIXTURE_ENTRY, title: 'Sprayer calibration sheet', edition: '2004-4th' });
    expect(preview.scos).toEqual([
      { id: 'calibration', title: 'Calibration, step by step', launch: 'Field%20guide/calibration.html', file: 'Field guide/calibration.html', parameters: '', scormType: 'asset' },
    ]);
    const published = await publish(preview.packageId);
    expect(published.statusCode).toBe(200);
    // the resume answer gives the player a package (one asset), not a single SCO to wait for
    const content = (await t.request('GET', `/api/user-store/scorm-content/${ASSET_ONLY_FIXTURE_ENTRY}?lang=en`, { token: learner.token, headers: after(published) })).json();
    expect(content.package).toMatchObject({ title: 'Sprayer calibration sheet', scos: [{ id: 'calibration', scormType: 'asset', launchUrl: `/api/media/scorm-uploads/${preview.packageId}/Field%20guide/calibration.html` }] });
    expect(content.progress).toMatchObject({ completed: false });
    // what the player commits once the asset is launched: the asset completed, the course rolled up
    const commit = await t.request('POST', `/api/user-store/scorm-content/${ASSET_ONLY_FIXTURE_ENTRY}`, {
      token: learner.token,
      body: { scoId: 'calibration', cmi: { 'cmi.completion_status': 'completed' }, rollup: { completion: 'completed', success: 'unknown', score: null }, revision: content.revision },
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().progress).toMatchObject({ status: 'completed', completed: true });
    const progress = (await t.request('GET', `/api/scorms/progress/${ASSET_ONLY_FIXTURE_ENTRY}`, { token: learner.token, headers: after(commit) })).json();
    expect(progress).toMatchObject({ status: 'completed', completed: true });
    // a SCO id the package does not have is refused
    const wrong = await t.request('POST', `/api/user-store/scorm-content/${ASSET_ONLY_FIXTURE_ENTRY}`, { token: learner.token, body: { scoId: 'other', cmi: { 'cmi.completion_status': 'completed' } } });
    expect(wrong.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'scoId' }] });
  });

  it('SCORM 1.2: the asset completed is the course completed (no sequencing: the SCOs roll up)', async () => {
    const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="portal.fixture.asset-only-12" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="sheet"><organization identifier="sheet"><title>Calibration (1.2)</title>
    <item identifier="calibration" identifierref="res-sheet"><title>Calibration</title></item>
  </organization></organizations>
  <resources><resource identifier="res-sheet" type="webcontent" adlcp:scormtype="asset" href="Field%20guide/calibration.html"><file href="Field%20guide/calibration.html"/></resource></resources>
</manifest>`;
    const preview = (await upload(await zipOf(folderFiles(ASSET_ONLY_FIXTURE, { 'imsmanifest.xml': manifest })))).json();
    expect(preview).toMatchObject({ version: '1.2', scos: [{ id: 'calibration', scormType: 'asset' }] });
    const published = await publish(preview.packageId);
    const content = (await t.request('GET', `/api/user-store/scorm-content/${preview.entryId}?lang=en`, { token: learner.token, headers: after(published) })).json();
    expect(content.package?.scos).toHaveLength(1);
    const commit = await t.request('POST', `/api/user-store/scorm-content/${preview.entryId}`, { token: learner.token, body: { scoId: 'calibration', cmi: { 'cmi.core.lesson_status': 'completed' }, revision: content.revision } });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().progress).toMatchObject({ status: 'completed', completed: true });
  });
});
