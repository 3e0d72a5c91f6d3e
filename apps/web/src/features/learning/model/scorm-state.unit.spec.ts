import { describe, expect, it } from 'vitest';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { launchUrlWithLang, persistableCmi, restorableCmi, sameCmi, scormOutcome } from './scorm-state';

describe('SCORM state mapping', () => {
  it('keeps the string elements a package wrote, not the empty, transient or structural ones', () => {
    const saved = persistableCmi('1.2', {
      'cmi.core.lesson_location': '2',
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.session_time': '00:01:00',
      'cmi.core.entry': 'resume',
      'cmi.core.student_id': '',
      'cmi.objectives': {},
      'cmi.interactions._count': '0',
      'not.cmi': 'x',
    });
    expect(saved).toEqual({ 'cmi.core.lesson_location': '2', 'cmi.core.lesson_status': 'incomplete' });
  });

  it('seeds entry=resume when something was saved, ab-initio on a first launch', () => {
    expect(restorableCmi('1.2', { 'cmi.core.lesson_location': '1' })).toEqual({ 'cmi.core.lesson_location': '1', 'cmi.core.entry': 'resume' });
    expect(restorableCmi('2004', {})).toEqual({ 'cmi.entry': 'ab-initio' });
  });

  it('reports status and score: 1.2 lesson_status and raw score; 2004 success/completion and scaled score', () => {
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '100' })).toEqual({ status: 'passed', score: 100, completed: true });
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'incomplete' })).toEqual({ status: 'incomplete', score: null, completed: false });
    expect(scormOutcome('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.8' })).toEqual({
      status: 'passed',
      score: 80,
      completed: true,
    });
    expect(scormOutcome('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'unknown' })).toMatchObject({ status: 'completed', completed: true });
    expect(scormOutcome('2004', { 'cmi.completion_status': 'incomplete' })).toMatchObject({ status: 'incomplete', completed: false });
    expect(scormOutcome('2004', {})).toEqual({ status: null, score: null, completed: false });
  });

  it('round-trips through scorm-again 1.2: what a package commits is what the next launch reads', () => {
    const first = new Scorm12API({ logLevel: 5 });
    first.loadFromFlattenedJSON(restorableCmi('1.2', {}));
    first.LMSInitialize('');
    first.LMSSetValue('cmi.core.lesson_location', '3');
    first.LMSSetValue('cmi.suspend_data', '{"answered":0}');
    first.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    first.LMSCommit('');
    const saved = persistableCmi('1.2', first.getFlattenedCMI());

    const next = new Scorm12API({ logLevel: 5 });
    next.loadFromFlattenedJSON(restorableCmi('1.2', saved));
    next.LMSInitialize('');
    expect(next.LMSGetValue('cmi.core.lesson_location')).toBe('3');
    expect(next.LMSGetValue('cmi.suspend_data')).toBe('{"answered":0}');
    expect(next.LMSGetValue('cmi.core.lesson_status')).toBe('incomplete');
  });

  it('round-trips through scorm-again 2004', () => {
    const first = new Scorm2004API({ logLevel: 5 });
    first.loadFromFlattenedJSON(restorableCmi('2004', {}));
    first.Initialize('');
    first.SetValue('cmi.location', '2');
    first.SetValue('cmi.completion_status', 'completed');
    first.SetValue('cmi.success_status', 'passed');
    first.SetValue('cmi.score.scaled', '1');
    first.Commit('');
    const saved = persistableCmi('2004', first.getFlattenedCMI());
    expect(scormOutcome('2004', saved)).toEqual({ status: 'passed', score: 100, completed: true });

    const next = new Scorm2004API({ logLevel: 5 });
    next.loadFromFlattenedJSON(restorableCmi('2004', saved));
    next.Initialize('');
    expect(next.GetValue('cmi.location')).toBe('2');
    expect(next.GetValue('cmi.entry')).toBe('resume');
  });

  it('compares snapshots and adds the language to a launch URL without a query of its own', () => {
    expect(sameCmi({ a: '1' }, { a: '1' })).toBe(true);
    expect(sameCmi({ a: '1' }, { a: '2' })).toBe(false);
    expect(launchUrlWithLang('/api/media/scorm/solo-12/index.html', 'es')).toBe('/api/media/scorm/solo-12/index.html?lang=es');
    // Golf's launch page reads location.search.replace("?content=", ""): its query stays as the manifest wrote it
    expect(launchUrlWithLang('/api/media/scorm/golf/shared/launchpage.html?content=playing', 'es')).toBe('/api/media/scorm/golf/shared/launchpage.html?content=playing');
    expect(launchUrlWithLang('/api/media/scorm/cts/resources/SequencingTest.htm?tc=CM-01&act=1', 'en')).toBe('/api/media/scorm/cts/resources/SequencingTest.htm?tc=CM-01&act=1');
  });
});
