import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { explainFailures, launchBrowser, startPortal, type Portal } from './harness.js';
import { apiToken, signIn } from './shell-portal.js';

/**
 * A content folder for a SCORM browser test (ADR 0084): a copy of the repository's content/ with
 * our fixture packages (tools/e2e/fixtures/scorm/<name>, written here) under
 * media/scorm/fixtures/<name>/ and an entry for each in the soja-plantio station, which the demo
 * learner may open (/training/soja/soja-plantio?video=<entryId>). The portal imports it at start.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCORM_FIXTURES = join(root, 'tools', 'e2e', 'fixtures', 'scorm');
export const FIXTURE_STATION = { stationId: 'soja-plantio', path: '/training/soja/soja-plantio' };
/**
 * A station of its own for a `certified` fixture (issue 27): the entry is its only, required,
 * medium, and the certificate `cert-fixture-scorm` (crop soja) requires the station's media, so
 * completing the package earns it.
 */
export const CERTIFIED_STATION = { stationId: 'fixture-certified', path: '/training/soja/fixture-certified', certificateId: 'cert-fixture-scorm' };

export interface FixtureEntry {
  entryId: string;
  /** the fixture folder under tools/e2e/fixtures/scorm/ */
  fixture: string;
  /** the launch page inside the package, with its query (e.g. content/probe.htm?mode=probe) */
  launch: string;
  scormVersion: '1.2' | '2004';
  title: string;
  /** in CERTIFIED_STATION, required, with a certificate rule over it (else an optional entry of soja-plantio) */
  certified?: boolean;
}

/** `certifiedStation`: CERTIFIED_STATION even with no `certified` entry (a test publishes an uploaded zip into it). */
export function contentWithFixtures(entries: FixtureEntry[], { certifiedStation = false } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-scorm-content-'));
  cpSync(join(root, 'content'), dir, { recursive: true });
  const pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8')) as { stations: Array<Record<string, unknown> & { stationId: string; entries: unknown[] }>; certificates: unknown[] };
  const station = pack.stations.find((s) => s.stationId === FIXTURE_STATION.stationId)!;
  let certified: (typeof pack.stations)[number] | undefined;
  if (certifiedStation || entries.some((e) => e.certified)) {
    const { questions: _questions, ...like } = station;
    const title = { 'pt-BR': 'Curso certificado', es: 'Curso certificado', en: 'Certified course' };
    certified = { ...like, stationId: CERTIFIED_STATION.stationId, path: CERTIFIED_STATION.stationId, listingOrder: 99, title, description: title, entries: [] };
    pack.stations.push(certified);
    pack.certificates.push({
      certificateId: CERTIFIED_STATION.certificateId,
      cropId: 'soja',
      title: { 'pt-BR': 'Certificado do curso SCORM', es: 'Certificado del curso SCORM', en: 'SCORM course certificate' },
      stationsRules: [{ stationId: CERTIFIED_STATION.stationId, requiredMedias: true, requiredQuestions: false, requiredMediaQuestions: false }],
    });
  }
  entries.forEach((e, i) => {
    cpSync(join(SCORM_FIXTURES, e.fixture), join(dir, 'media', 'scorm', 'fixtures', e.fixture), { recursive: true });
    const src = `media/scorm/fixtures/${e.fixture}/${e.launch}`;
    (e.certified ? certified! : station).entries.push({
      entryId: e.entryId,
      type: 'scorm',
      title: { 'pt-BR': e.title, es: e.title, en: e.title },
      src: { 'pt-BR': src, es: src, en: src },
      displayOrder: 100 + i,
      optional: !e.certified,
      scormVersion: e.scormVersion,
    });
  });
  writeFileSync(join(dir, 'pack.json'), JSON.stringify(pack, null, 2));
  return dir;
}

export interface ScormFixtures {
  portal: () => Portal;
  browser: () => Browser;
  /** the page signed in as the options' learner */
  page: () => Page;
  /** another page, in a context of its own (its own cookies), signed in as `email` */
  pageFor: (email: string, locale?: string) => Promise<Page>;
  /** uploads a SCORM zip as the administrator and publishes it into the station (the upload screen's two calls) */
  publishZip: (zip: Buffer, stationId?: string) => Promise<{ packageId: string; revision: number }>;
}

/**
 * The one set-up of the SCORM browser tests (issue 27): a portal on a content folder with these
 * fixture packages (none: the repository's content; `certifiedStation`: with CERTIFIED_STATION), a browser and a page signed in as `email`
 * in `locale`, for one spec file: started before its tests, stopped and cleaned after them.
 */
export function useScormFixtures(label: string, entries: FixtureEntry[], options: { email?: string; locale?: string; certifiedStation?: boolean } = {}): ScormFixtures {
  const { email = 'learner@demo.agro', locale = 'pt-BR', certifiedStation = false } = options;
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let contentDir: string | undefined;
  explainFailures(label, () => browser, () => portal?.output() ?? '');
  const pageFor = async (who: string, lang = locale): Promise<Page> => {
    const context = await browser!.newContext({ locale: lang, baseURL: portal!.url, viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await signIn(p, who);
    return p;
  };
  beforeAll(async () => {
    contentDir = entries.length > 0 || certifiedStation ? contentWithFixtures(entries, { certifiedStation }) : undefined;
    portal = await startPortal(contentDir ? { CONTENT_DIR: contentDir } : {});
    browser = await launchBrowser();
    page = await pageFor(email);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    if (contentDir) rmSync(contentDir, { recursive: true, force: true });
  });
  const publishZip = async (zip: Buffer, stationId = FIXTURE_STATION.stationId) => {
    const token = await apiToken(portal!.url, 'admin@demo.agro');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'course.zip');
    const uploaded = await fetch(`${portal!.url}/api/manager/scorm-packages`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (uploaded.status !== 200) throw new Error(`upload refused: ${uploaded.status} ${await uploaded.text()}`);
    const { packageId } = (await uploaded.json()) as { packageId: string };
    const published = await fetch(`${portal!.url}/api/manager/scorm-packages/${packageId}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stationId }),
    });
    if (published.status !== 200) throw new Error(`publish refused: ${published.status} ${await published.text()}`);
    return { packageId, revision: ((await published.json()) as { revision: number }).revision };
  };
  return { page: () => page!, portal: () => portal!, browser: () => browser!, pageFor, publishZip };
}
