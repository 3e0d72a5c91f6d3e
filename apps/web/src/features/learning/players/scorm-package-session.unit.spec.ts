import { describe, expect, it } from 'vitest';
import type { ScoCommit, ScormContent, ScormPackage } from '../api/scorm';
import type { CmiMap } from '../model/scorm-state';
import { PackageSession, type PackageApi, type SessionView } from './scorm-package-session';

/**
 * Issue 27, asset SCOs: a resource with adlcp:scormType="asset" never calls the API. The session
 * counts it completed once launched: in the table of contents, in scorm-again's sequencing flow
 * (the real Scorm2004API and Scorm12API here, no fake) and in the commits the roll-up reads.
 */
type ApiClass = new (settings: Record<string, unknown>) => PackageApi;
const createApi = async (version: '1.2' | '2004', sequencing: Record<string, unknown> | null): Promise<PackageApi> => {
  const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 };
  if (version === '1.2') return new ((await import('scorm-again/scorm12')) as unknown as { Scorm12API: ApiClass }).Scorm12API(settings);
  return new ((await import('scorm-again/scorm2004')) as unknown as { Scorm2004API: ApiClass }).Scorm2004API({ ...settings, ...(sequencing ? { sequencing } : {}) });
};

const sco = (id: string, scormType: 'sco' | 'asset') => ({ id, title: id, launchUrl: `/api/media/scorm-uploads/0123456789abcdef/${id}.htm`, masteryScore: null, dataFromLms: null, scormType });
const saved = (version: '1.2' | '2004', pkg: ScormPackage): ScormContent => ({
  scormId: 'course',
  version,
  cmi: {},
  savedAt: null,
  progress: { scormId: 'course', stationId: 's', version, status: null, score: null, completed: false, completedAt: null, updatedAt: null },
  package: pkg,
  scos: {},
  currentScoId: null,
  sequencing: null,
  revision: 3,
  launchUrl: null,
});

function play(version: '1.2' | '2004', pkg: ScormPackage) {
  const commits: { cmi: CmiMap; sco: ScoCommit }[] = [];
  const apis: PackageApi[] = [];
  let view: SessionView | null = null;
  const content = saved(version, pkg);
  const session = new PackageSession({
    version,
    pkg,
    saved: content,
    createApi: async (sequencing) => {
      const api = await createApi(version, sequencing);
      apis.push(api);
      return api;
    },
    save: async (cmi, extra) => {
      commits.push({ cmi, sco: extra });
      return content;
    },
    onView: (v) => (view = v),
    onSaved: () => undefined,
  });
  return { session, commits, api: () => apis.at(-1)!, view: () => view };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('asset SCOs in a package', () => {
  it('SCORM 2004: the launched asset is completed, the flow continues past it, and the course rolls up to completed', async () => {
    const pkg: ScormPackage = {
      title: 'Course',
      edition: '2004-4th',
      toc: [],
      scos: [sco('guide', 'asset'), sco('quiz', 'sco')],
      sequencing: { activityTree: { id: 'root', title: 'Course', sequencingControls: { choice: true, flow: true }, children: [{ id: 'guide', title: 'Guide' }, { id: 'quiz', title: 'Quiz' }] } },
    };
    const run = play('2004', pkg);
    await run.session.start();
    await settle();
    // the asset was delivered first; nothing in its frame calls the API, yet it is completed and committed
    expect(run.view()).toMatchObject({ scoId: 'guide', statuses: { guide: 'completed', quiz: null } });
    await settle();
    expect(run.commits[0]).toMatchObject({ cmi: { 'cmi.completion_status': 'completed' }, sco: { scoId: 'guide', revision: 3 } });

    // Continue ends the asset's attempt as it ends a SCO's: the flow delivers the quiz
    run.session.navigate('continue');
    await settle();
    expect(run.view()?.scoId).toBe('quiz');
    const api = run.api();
    api.Initialize!('');
    api.SetValue!('cmi.completion_status', 'completed');
    api.SetValue!('adl.nav.request', 'continue');
    api.Terminate!('');
    await settle();
    // the course's roll-up counts the asset: both children completed
    expect(run.commits.at(-1)).toMatchObject({ sco: { scoId: 'quiz', rollup: { completion: 'completed' } } });
  });

  it('SCORM 1.2: the launched asset is completed without moving on by itself; Continue plays the next item', async () => {
    const pkg: ScormPackage = { title: 'Course', edition: '1.2', toc: [], scos: [sco('guide', 'asset'), sco('test', 'sco')], sequencing: null };
    const run = play('1.2', pkg);
    await run.session.start();
    await settle();
    expect(run.view()).toMatchObject({ scoId: 'guide', statuses: { guide: 'completed', test: null } });
    await settle();
    expect(run.commits[0]).toMatchObject({ cmi: { 'cmi.core.lesson_status': 'completed' }, sco: { scoId: 'guide', revision: 3 } });
    // the learner reads the asset as long as they like
    await settle();
    expect(run.view()?.scoId).toBe('guide');
    run.session.navigate('continue');
    await settle();
    await settle();
    expect(run.view()?.scoId).toBe('test');
  });

  it('leaves a SCO to its own calls: a SCO that has not called the API is not completed', async () => {
    const pkg: ScormPackage = { title: 'Course', edition: '1.2', toc: [], scos: [sco('one', 'sco'), sco('two', 'sco')], sequencing: null };
    const run = play('1.2', pkg);
    await run.session.start();
    await settle();
    expect(run.view()).toMatchObject({ scoId: 'one', statuses: { one: null } });
    expect(run.commits).toEqual([]);
  });
});

describe('a package whose only resource is an asset (issue 27)', () => {
  it('SCORM 2004: completed on launch, its attempt ended so the sequencing rolls the course up, and the asset stays shown', async () => {
    const pkg: ScormPackage = {
      title: 'Sheet',
      edition: '2004-4th',
      toc: [],
      scos: [sco('sheet', 'asset')],
      sequencing: { activityTree: { id: 'root', title: 'Sheet', sequencingControls: { choice: true, flow: true }, children: [{ id: 'sheet', title: 'Sheet' }] } },
    };
    const run = play('2004', pkg);
    await run.session.start();
    await settle();
    await settle();
    expect(run.commits[0]).toMatchObject({ cmi: { 'cmi.completion_status': 'completed' }, sco: { scoId: 'sheet' } });
    // the Terminate's commit carries the root's roll-up: the course is completed without the learner doing anything
    expect(run.commits.at(-1)?.sco.rollup).toMatchObject({ completion: 'completed' });
    expect(run.api().isTerminated()).toBe(true);
    // nothing else was delivered and the session did not end: the learner keeps reading the asset
    expect(run.view()).toMatchObject({ scoId: 'sheet', attempt: 1, ended: null, statuses: { sheet: 'completed' } });
  });

  it('SCORM 1.2: completed on launch and committed, the asset staying shown', async () => {
    const pkg: ScormPackage = { title: 'Sheet', edition: '1.2', toc: [], scos: [sco('sheet', 'asset')], sequencing: null };
    const run = play('1.2', pkg);
    await run.session.start();
    await settle();
    await settle();
    expect(run.commits).toHaveLength(1);
    expect(run.commits[0]).toMatchObject({ cmi: { 'cmi.core.lesson_status': 'completed' }, sco: { scoId: 'sheet' } });
    expect(run.view()).toMatchObject({ scoId: 'sheet', ended: null, statuses: { sheet: 'completed' } });
  });
});
