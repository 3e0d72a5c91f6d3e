import { describe, expect, it } from 'vitest';
import { cropProgressOf, indexStations, type CertificateRule, type StationIndex, type ViewStation } from '@portal/learning/contracts';
import { certificateStatusOf as statusOfEvidence, evidenceOf } from './certificate-rule.js';

const station = (stationId: string, extra: Partial<ViewStation> = {}): ViewStation => ({
  stationId,
  parent: 'soja',
  type: 'Detail',
  isActive: true,
  entries: [
    { entryId: `${stationId}-video`, optional: false, questionsIds: [`${stationId}-mq`] },
    { entryId: `${stationId}-extra`, optional: true, questionsIds: [] },
  ],
  questions: { questionIds: [`${stationId}-q1`, `${stationId}-q2`], inactive: false, mandatoryAnswerAll: false, minCorrectAnswers: 1 },
  ...extra,
});
const stations = indexStations([station('a'), station('b')]);
const rule = (r: Partial<CertificateRule['stationsRules'][number]> = {}): Pick<CertificateRule, 'stationsRules'> => ({
  stationsRules: ['a', 'b'].map((stationId) => ({ stationId, requiredMedias: true, requiredQuestions: false, requiredMediaQuestions: false, ...r })),
});
const facts = (completed: string[], answers: [string, boolean][] = []) => ({ completed: new Set(completed), answers: new Map(answers.map(([q, isCorrect]) => [q, { isCorrect }])) });
/** Scoring's rule on learning's station progress, as the certificates read model and learning's views judge. */
const judged = (index: StationIndex, f: ReturnType<typeof facts>, r: Pick<CertificateRule, 'stationsRules'>) =>
  statusOfEvidence(evidenceOf(r.stationsRules, (stationId) => cropProgressOf(index, f, stationId)));

describe('certificate rules (000 §4.3, 001 §4)', () => {
  it('requires every non-optional medium of every station; optional ones do not count', () => {
    expect(judged(stations, facts(['a-video']), rule())).toMatchObject({ met: false, lockReason: 'incompleteContent' });
    expect(judged(stations, facts(['a-video', 'b-video']), rule())).toMatchObject({ met: true, lockReason: null });
  });

  it('required questions: all answered and at least minCorrectAnswers right', () => {
    const r = rule({ requiredQuestions: true });
    const media = ['a-video', 'b-video'];
    expect(judged(stations, facts(media, [['a-q1', true], ['b-q1', true], ['b-q2', false]]), r)).toMatchObject({ met: false, lockReason: 'incompleteQuestions' });
    expect(judged(stations, facts(media, [['a-q1', false], ['a-q2', false], ['b-q1', true], ['b-q2', false]]), r).met).toBe(false);
    expect(judged(stations, facts(media, [['a-q1', true], ['a-q2', false], ['b-q1', true], ['b-q2', false]]), r).met).toBe(true);
  });

  it('required media questions: every entry question answered, right or wrong', () => {
    const r = rule({ requiredMedias: false, requiredMediaQuestions: true });
    expect(judged(stations, facts([], [['a-mq', false]]), r).met).toBe(false);
    expect(judged(stations, facts([], [['a-mq', false], ['b-mq', true]]), r).met).toBe(true);
  });

  it('a retired (unknown) station can never be completed', () => {
    expect(judged(indexStations([station('a')]), facts(['a-video', 'b-video']), rule()).met).toBe(false);
  });

  it('no station rules: locked, never earned', () => {
    expect(statusOfEvidence([])).toEqual({ met: false, rules: [], lockReason: 'incompleteContent' });
  });
});
