import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '@portal/testing/app';
import type { TestUser } from '@portal/testing/identity';
import { after, seedLearning, tokenFor } from '../../testing/test-kit.js';
import { fixtureVersion, UPLOAD_FIXTURE_ENTRY, zipOf } from '../../testing/scorm-zips.js';
import { progressStream } from '../../contracts/index.js';

// Issue 27, item "an attempt stays on the revision it began on": a learner who began the course
// on its first upload keeps that revision's files, SCOs and run-time data after a new version is
// published; a learner who begins after plays the new one. On a real database (startTestApp).

let t: TestApp;
let first: TestUser;
let second: string;
let admin: string;
const STATION = 'soja-plantio';
const COURSE = `/api/user-store/scorm-content/${UPLOAD_FIXTURE_ENTRY}`;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'scorm-attempt-')) });
  first = await seedLearning(t);
  second = await tokenFor(t, { sub: '01900000-0000-7000-8000-0000000000b2', email: 'second@attempt.test' });
  admin = await tokenFor(t, { sub: '01900000-0000-7000-8000-0000000000a1', email: 'admin@attempt.test', roles: ['company_admin'], permissions: ['manage_all_companies'] });
});
afterAll(async () => {
  await t?.close();
});

function multipart(zip: Buffer): { body: Buffer; headers: Record<string, string> } {
  const boundary = 'attempt-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="course.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  return { body: Buffer.concat([head, zip, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** Uploads and publishes version n of the fixture course: its package id, the station revision and the answer's position. */
async function publishVersion(n: number) {
  const uploaded = await t.request('POST', '/api/manager/scorm-packages', { token: admin, ...multipart(await zipOf(fixtureVersion(n))) });
  expect(uploaded.statusCode).toBe(200);
  const packageId = uploaded.json().packageId as string;
  const published = await t.request('POST', `/api/manager/scorm-packages/${packageId}/publish`, { token: admin, body: { stationId: STATION } });
  expect(published.json()).toMatchObject({ revised: true });
  return { packageId, revision: published.json().revision as number, read: after(published) };
}
const launches = (content: { package: { scos: { launchUrl: string }[] } | null }) => content.package?.scos.map((s) => s.launchUrl) ?? [];

describe('a SCORM attempt stays on the revision it began on', () => {
  let v1: Awaited<ReturnType<typeof publishVersion>>;
  let v2: Awaited<ReturnType<typeof publishVersion>>;

  it('pins the revision the first commit was played on', async () => {
    v1 = await publishVersion(1);
    const opened = (await t.request('GET', `${COURSE}?lang=pt-BR`, { token: first.token, headers: v1.read })).json();
    expect(opened).toMatchObject({ revision: v1.revision, launchUrl: `/api/media/scorm-uploads/${v1.packageId}/lessons/intro.htm?lang=pt` });
    expect(launches(opened)).toEqual([`/api/media/scorm-uploads/${v1.packageId}/lessons/intro.htm?lang=pt`, `/api/media/scorm-uploads/${v1.packageId}/lessons/practice.htm?part=2`]);
    // halfway: the intro is done, the practice begun
    const intro = await t.request('POST', COURSE, { token: first.token, body: { scoId: 'intro', revision: v1.revision, cmi: { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed' } } });
    expect(intro.statusCode).toBe(200);
    expect(intro.json()).toMatchObject({ revision: v1.revision });
    const practice = await t.request('POST', COURSE, { token: first.token, body: { scoId: 'practice', revision: v1.revision, cmi: { 'cmi.location': 'step-2', 'cmi.completion_status': 'incomplete' } } });
    expect(practice.statusCode).toBe(200);
    const saved = (await t.infra.store.readStream(progressStream(first.userId, STATION))).filter((e) => e.type === 'ScormStateSaved' && (e.data as { entryId: string }).entryId === UPLOAD_FIXTURE_ENTRY);
    expect(saved.map((e) => (e.data as { revision?: number }).revision)).toEqual([v1.revision, v1.revision]);
  });

  it("keeps playing the first revision's files, SCOs and run-time data after a new version is published", async () => {
    v2 = await publishVersion(2);
    expect(v2.revision).toBeGreaterThan(v1.revision);
    const resumed = (await t.request('GET', `${COURSE}?lang=pt-BR`, { token: first.token, headers: v2.read })).json();
    expect(resumed).toMatchObject({ revision: v1.revision, launchUrl: `/api/media/scorm-uploads/${v1.packageId}/lessons/intro.htm?lang=pt`, currentScoId: 'practice' });
    expect(launches(resumed).every((url) => url.startsWith(`/api/media/scorm-uploads/${v1.packageId}/`))).toBe(true);
    expect(resumed.scos.intro.cmi).toMatchObject({ 'cmi.success_status': 'passed' });
    expect(resumed.scos.practice.cmi).toMatchObject({ 'cmi.location': 'step-2' });
    // the catalogue lists the new version; only this attempt stays on the old one
    const listed = (await t.request('GET', '/api/scorms', { token: first.token, headers: v2.read })).json();
    expect(listed.find((s: { scormId: string }) => s.scormId === UPLOAD_FIXTURE_ENTRY).launchUrl['pt-BR']).toContain(`/scorm-uploads/${v2.packageId}/`);
  });

  it("takes the attempt's later commits on its revision, a commit without one too, and finishes the course there", async () => {
    const done = await t.request('POST', COURSE, { token: first.token, body: { scoId: 'practice', cmi: { 'cmi.location': 'step-3', 'cmi.completion_status': 'completed' } } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ revision: v1.revision, progress: { completed: true } });
    const again = (await t.request('GET', COURSE, { token: first.token, headers: after(done) })).json();
    expect(again).toMatchObject({ revision: v1.revision });
    expect(again.scos.practice.cmi).toMatchObject({ 'cmi.location': 'step-3' });
  });

  it('refuses a commit played on another revision than the attempt, or on one the station never had, with the field named', async () => {
    const other = await t.request('POST', COURSE, { token: first.token, body: { scoId: 'intro', revision: v2.revision, cmi: { 'cmi.location': 'x' } } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'revision', code: 'revision_mismatch' }] });
    const unknown = await t.request('POST', COURSE, { token: first.token, body: { scoId: 'intro', revision: 999, cmi: { 'cmi.location': 'x' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'revision', code: 'unknown_revision' }] });
    const resumed = (await t.request('GET', COURSE, { token: first.token })).json();
    expect(resumed.scos.intro.cmi['cmi.location']).toBeUndefined();
  });

  it('gives a learner who begins after the new version that version, and pins it', async () => {
    const opened = (await t.request('GET', `${COURSE}?lang=pt-BR`, { token: second, headers: v2.read })).json();
    expect(opened).toMatchObject({ revision: v2.revision, launchUrl: `/api/media/scorm-uploads/${v2.packageId}/lessons/intro.htm?lang=pt`, scos: {} });
    expect(launches(opened).every((url) => url.startsWith(`/api/media/scorm-uploads/${v2.packageId}/`))).toBe(true);
    const saved = await t.request('POST', COURSE, { token: second, body: { scoId: 'intro', revision: opened.revision, cmi: { 'cmi.completion_status': 'incomplete' } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ revision: v2.revision });
    // and a commit of the old revision is not this learner's attempt
    const old = await t.request('POST', COURSE, { token: second, body: { scoId: 'intro', revision: v1.revision, cmi: { 'cmi.location': 'y' } } });
    expect(old.json()).toMatchObject({ details: [{ path: 'revision', code: 'revision_mismatch' }] });
  });
});
