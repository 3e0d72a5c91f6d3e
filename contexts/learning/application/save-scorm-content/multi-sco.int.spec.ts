import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { contentWithFixtures } from '../../../../tools/e2e/scorm-content.js';
import { after, seedLearning } from '../../testing/test-kit.js';

/**
 * Issue 27, multi-SCO packages over HTTP on a real database: the resume answer carries the
 * manifest's SCOs and table of contents, each commit names its SCO and keeps that SCO's own data,
 * and the course's status and score roll up (1.2 by the portal, 2004 by the sequencing's roll-up).
 */
let t: TestApp;
let token: string;
let contentDir: string;
const previous = process.env.CONTENT_DIR;
beforeAll(async () => {
  contentDir = contentWithFixtures([
    { entryId: 'fixture-multi-12', fixture: 'multi-12', launch: 'sco/part1.htm', scormVersion: '1.2', title: 'Irrigation basics' },
    { entryId: 'fixture-sequenced-2004', fixture: 'sequenced-2004', launch: 'lessons/intro.htm?from=lms', scormVersion: '2004', title: 'Soil preparation' },
  ]);
  process.env.CONTENT_DIR = contentDir;
  t = await startTestApp();
  token = (await seedLearning(t)).token;
});
afterAll(async () => {
  await t?.close();
  if (previous === undefined) delete process.env.CONTENT_DIR;
  else process.env.CONTENT_DIR = previous;
  rmSync(contentDir, { recursive: true, force: true });
});

const save = (id: string, body: Record<string, unknown>) => t.request('POST', `/api/user-store/scorm-content/${id}`, { token, body });

describe('SCORM packages of several SCOs', () => {
  it('gives the player the package: its SCOs with launch addresses, table of contents and sequencing', async () => {
    const res = await t.request('GET', '/api/user-store/scorm-content/fixture-sequenced-2004?lang=en', { token });
    expect(res.statusCode).toBe(200);
    const pkg = res.json().package;
    expect(pkg.scos.map((s: { id: string }) => s.id)).toEqual(['intro', 'lesson', 'quiz']);
    // the SCO's address as the manifest writes it: nothing added to its own query (ADR 0084, real packages)
    expect(pkg.scos[1].launchUrl).toBe('/api/media/scorm/fixtures/sequenced-2004/lessons/lesson.htm?topic=soil');
    expect(pkg.toc.map((n: { title: string }) => n.title)).toEqual(['Welcome', 'Soil sampling', 'Final quiz']);
    expect(pkg.sequencing.activityTree).toMatchObject({ id: 'soil-course', sequencingControls: { choice: true, flow: true } });
    expect(res.json()).toMatchObject({ scos: {}, currentScoId: null, sequencing: null });
  });

  it('keeps each SCO its own data and completes a 1.2 course once every SCO is done, with the mean score', async () => {
    const part1 = await save('fixture-multi-12', { scoId: 'part1', cmi: { 'cmi.core.lesson_status': 'completed' } });
    expect(part1.statusCode).toBe(200);
    expect(part1.json().progress).toMatchObject({ status: 'incomplete', completed: false });
    const part2 = await save('fixture-multi-12', { scoId: 'part2', cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{page:2}' } });
    const resume = await t.request('GET', '/api/user-store/scorm-content/fixture-multi-12', { token, headers: after(part2) });
    expect(resume.json().scos).toMatchObject({ part1: { cmi: { 'cmi.core.lesson_status': 'completed' } }, part2: { cmi: { 'cmi.suspend_data': '{page:2}' } } });
    expect(resume.json().currentScoId).toBe('part2');
    await save('fixture-multi-12', { scoId: 'part2', cmi: { 'cmi.core.lesson_status': 'completed' } });
    const last = await save('fixture-multi-12', { scoId: 'test', cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '80' } });
    expect(last.json().progress).toMatchObject({ status: 'completed', score: 80, completed: true });
    const progress = await t.request('GET', '/api/scorms/progress/fixture-multi-12', { token, headers: after(last) });
    expect(progress.json()).toMatchObject({ status: 'completed', score: 80, completed: true });
  });

  it("completes a 2004 course from the sequencing's roll-up and keeps the sequencing state for the resume", async () => {
    const lesson = await save('fixture-sequenced-2004', { scoId: 'lesson', cmi: { 'cmi.completion_status': 'completed' }, rollup: { completion: 'incomplete', success: 'unknown', score: null }, sequencing: '{"s":1}' });
    expect(lesson.json().progress).toMatchObject({ status: 'incomplete', completed: false });
    const quiz = await save('fixture-sequenced-2004', { scoId: 'quiz', cmi: { 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.9' }, rollup: { completion: 'completed', success: 'passed', score: 90 }, sequencing: '{"s":2}' });
    expect(quiz.json().progress).toMatchObject({ status: 'passed', score: 90, completed: true });
    const resume = await t.request('GET', '/api/user-store/scorm-content/fixture-sequenced-2004', { token, headers: after(quiz) });
    expect(resume.json()).toMatchObject({ sequencing: '{"s":2}', currentScoId: 'quiz', cmi: {} });
  });

  it('refuses a commit without its SCO, or naming a SCO the package does not have, with 400', async () => {
    const none = await save('fixture-multi-12', { cmi: { 'cmi.core.lesson_status': 'completed' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'scoId' }] });
    const other = await save('fixture-multi-12', { scoId: 'nope', cmi: { 'cmi.core.lesson_status': 'completed' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([expect.objectContaining({ path: 'scoId' })]);
    const bad = await save('fixture-sequenced-2004', { scoId: 'quiz', cmi: {}, rollup: { completion: 'done', success: 'passed', score: 1 } });
    expect(bad.statusCode).toBe(400);
    // a single-SCO package takes no SCO id
    expect((await save('soja-plantio-solo', { scoId: 'part1', cmi: { 'cmi.core.lesson_status': 'incomplete' } })).statusCode).toBe(400);
  });
});
