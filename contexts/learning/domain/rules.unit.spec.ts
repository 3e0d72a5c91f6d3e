import { describe, expect, it } from 'vitest';
import type { Principal } from '@portal/kernel';
import type { CatalogueStation } from '../contracts/events.js';
import { stationSchema, type ContentEntry } from '../contracts/pack.js';
import { tagsAllow } from '../contracts/access.js';
import { contentStatusOf } from '../contracts/content-status.js';
import { buildCatalogueModel, cropProgressOf, entryLink, pageTo, questionsProgressOf, stationAccess } from '../contracts/catalogue.js';
import { certificatesOf } from '../application/shared/crop-certificates.js';
import {
  entryLock,
  noFacts,
  progressSummaryOf,
  stationLock,
  type LearnerFacts,
} from './rules.js';

const L = (text: string) => ({ 'pt-BR': text, es: text, en: text });
const entry = (entryId: string, extra: Partial<ContentEntry> = {}) => ({ entryId, type: 'video', title: L(entryId), src: { 'pt-BR': 'media/x.mp4' }, duration: 10, ...extra });
const station = (raw: Record<string, unknown>): CatalogueStation => ({ ...stationSchema.parse({ title: L(String(raw.stationId)), path: raw.stationId, ...raw }), mediaHashes: {}, entryHashes: {} });

const model = buildCatalogueModel({
  stations: [
    station({ stationId: 'crop', type: 'Map', routeArea: 'training', entries: [entry('crop-intro')], listingOrder: 1 }),
    station({
      stationId: 'st-a',
      type: 'Detail',
      parent: 'crop',
      listingOrder: 1,
      entries: [entry('a1', { questionsIds: ['qm'] }), entry('a2', { requires: ['a1'] }), entry('a3', { optional: true })],
      questions: { questionIds: ['q1', 'q2', 'q3'], mandatoryAnswerAll: true, minCorrectAnswers: 2 },
    }),
    station({ stationId: 'st-b', type: 'Detail', parent: 'crop', listingOrder: 2, entries: [entry('b1')], unlock: { completedStationIds: ['st-a'], completedEntryIds: [] } }),
    station({ stationId: 'st-c', type: 'Detail', parent: 'crop', listingOrder: 3, entries: [entry('c1')], unlock: { completedEntryIds: ['b1'], completedStationIds: [] } }),
    station({ stationId: 'locked-crop', type: 'Map', routeArea: 'training', listingOrder: 2, unlock: { completedStationIds: ['crop'], completedEntryIds: [] } }),
    station({ stationId: 'child', type: 'Detail', parent: 'locked-crop', entries: [entry('d1')] }),
    station({ stationId: 'trail', type: 'Map', routeArea: 'journey', displayCategory: 'trails', listingOrder: 3 }),
    station({ stationId: 'step', type: 'Detail', parent: 'trail', entries: [entry('s1'), entry('s2'), entry('s3')] }),
    station({ stationId: 'home', type: 'Detail', listingOrder: 0, entries: [entry('h1', { groupKey: 'intro' })] }),
    station({ stationId: 'cast', type: 'Detail', routeArea: 'journey', countries: ['BR'], listingOrder: 4 }),
    station({ stationId: 'dist', type: 'Map', routeArea: 'training', aclTags: ['dist:milho_dekalb'], listingOrder: 5 }),
    station({ stationId: 'off', type: 'Detail', isActive: false, listingOrder: 6 }),
    station({ stationId: 'open', type: 'Detail', guestAccess: true, listingOrder: 7 }),
  ],
  certificates: [
    {
      certificateId: 'cert',
      cropId: 'crop',
      title: L('cert'),
      stationsRules: [
        { stationId: 'st-a', requiredMedias: true, requiredQuestions: false, requiredMediaQuestions: false },
        { stationId: 'st-b', requiredMedias: true, requiredQuestions: false, requiredMediaQuestions: false },
      ],
    },
  ],
});

const facts = (completed: string[], answers: [string, boolean][] = [], extra: Partial<LearnerFacts> = {}): LearnerFacts => ({
  ...noFacts(),
  completed: new Set(completed),
  answers: new Map(answers.map(([q, isCorrect]) => [q, { isCorrect, answeredAt: '2026-11-21T10:00:00.000Z' }])),
  ...extra,
});

describe('entry locks (000 §4.3)', () => {
  it('locks an entry while a required entry lacks completion', () => {
    const a2 = model.entries.get('a2')!.entry;
    expect(entryLock(model, noFacts(), 'st-a', a2)).toMatchObject({ locked: true, reason: 'incompleteContent', message: 'lockState.incompleteContentMessage', requiredEntryIds: ['a1'] });
    expect(entryLock(model, facts(['a1']), 'st-a', a2).locked).toBe(false);
  });
});

describe('station locks (000 §4.3)', () => {
  it('locks a station whose required station has incomplete content', () => {
    expect(stationLock(model, facts(['a1']), 'st-b')).toMatchObject({ locked: true, reason: 'incompleteContent', requiredStationIds: ['st-a'] });
  });

  it('then on unanswered required questions (mandatoryAnswerAll)', () => {
    expect(stationLock(model, facts(['a1', 'a2'], [['q1', true]]), 'st-b')).toMatchObject({ locked: true, reason: 'incompleteQuestions', message: 'lockState.incompleteQuestionsMessage' });
  });

  it('then on fewer than minCorrectAnswers correct answers, once answers exist', () => {
    const lock = stationLock(model, facts(['a1', 'a2'], [['q1', true], ['q2', false], ['q3', false]]), 'st-b');
    expect(lock).toMatchObject({ locked: true, reason: 'minCorrectAnswers', message: 'lockState.minCorrectAnswersMessage', params: { minAnswers: 2 } });
    expect(stationLock(model, facts(['a1', 'a2'], [['q1', true], ['q2', true], ['q3', false]]), 'st-b').locked).toBe(false);
  });

  it('ignores minCorrectAnswers while no answer exists (no assessment facts yet)', () => {
    const relaxed = buildCatalogueModel({
      stations: [
        station({ stationId: 'st-r', type: 'Detail', entries: [entry('r1')], questions: { questionIds: ['q1'], minCorrectAnswers: 1 } }),
        station({ stationId: 'st-n', type: 'Detail', entries: [entry('n1')], unlock: { completedStationIds: ['st-r'], completedEntryIds: [] } }),
      ],
    });
    expect(stationLock(relaxed, facts(['r1']), 'st-n').locked).toBe(false);
    expect(stationLock(relaxed, facts(['r1'], [['q1', false]]), 'st-n')).toMatchObject({ reason: 'minCorrectAnswers', params: { minAnswers: 1 } });
  });

  it('locks by required entries, and a crop locks its details and their entries', () => {
    expect(stationLock(model, noFacts(), 'st-c')).toMatchObject({ locked: true, requiredEntryIds: ['b1'] });
    expect(stationLock(model, noFacts(), 'locked-crop')).toMatchObject({ locked: true, requiredStationIds: ['crop'] });
    expect(stationLock(model, noFacts(), 'child').locked).toBe(true);
    expect(entryLock(model, noFacts(), 'child', model.entries.get('d1')!.entry).locked).toBe(true);
    const all = facts(['crop-intro', 'a1', 'a2', 'b1', 'c1'], [['q1', true], ['q2', true], ['q3', true]]);
    expect(stationLock(model, all, 'child').locked).toBe(false);
  });
});

describe('questions, crop progress and certificates (000 §4.3)', () => {
  it('questions progress: complete when all are answered; requirements; null when inactive or none', () => {
    const a = model.stations.get('st-a')!;
    expect(questionsProgressOf(a.questions, facts([], [['q1', true], ['q2', true]]).answers)).toMatchObject({ total: 3, answered: 2, correct: 2, isComplete: false, requirementsMet: false });
    expect(questionsProgressOf(a.questions, facts([], [['q1', true], ['q2', true], ['q3', false]]).answers)).toMatchObject({ isComplete: true, requirementsMet: true });
    expect(questionsProgressOf(a.questions, facts([], [['q1', true], ['q2', false], ['q3', false]]).answers)).toMatchObject({ isComplete: true, requirementsMet: false });
    expect(questionsProgressOf(model.stations.get('st-b')!.questions, noFacts().answers)).toBeNull();
    expect(questionsProgressOf({ ...a.questions!, inactive: true }, noFacts().answers)).toBeNull();
  });

  it('station crop progress: media, required questions and media questions', () => {
    expect(cropProgressOf(model, facts(['a1', 'a2']), 'st-a')).toEqual({ isCompleted: false, mediaCompleted: true, questionsCompleted: false, mediaQuestionsCompleted: false });
    expect(cropProgressOf(model, facts(['a1', 'a2'], [['q1', true], ['q2', true], ['q3', true], ['qm', false]]), 'st-a')).toEqual({ isCompleted: true, mediaCompleted: true, questionsCompleted: true, mediaQuestionsCompleted: true });
  });

  it('earns a certificate when all its station rules are satisfied; locked until then', () => {
    expect(certificatesOf(model, facts(['a1', 'a2']), 'crop')[0]).toMatchObject({ earned: false, locked: true, rules: [{ satisfied: true }, { satisfied: false }] });
    expect(certificatesOf(model, facts(['a1', 'a2', 'b1']), 'crop')[0]).toMatchObject({ earned: true, locked: false });
  });

  it('journey percent: rounded completed over total; in progress with any activity; completed at 100', () => {
    expect(progressSummaryOf(model, noFacts(), 'trail')).toEqual({ completed: 0, total: 3, percent: 0, status: 'not-started' });
    expect(progressSummaryOf(model, facts([], [], { visited: new Set(['step']) }), 'trail')).toMatchObject({ percent: 0, status: 'in-progress' });
    expect(progressSummaryOf(model, facts(['s1']), 'trail')).toEqual({ completed: 1, total: 3, percent: 33, status: 'in-progress' });
    expect(progressSummaryOf(model, facts(['s1', 's2']), 'trail').percent).toBe(67);
    expect(progressSummaryOf(model, facts(['s1', 's2', 's3']), 'trail')).toMatchObject({ percent: 100, status: 'completed' });
    // optional entries are not part of the total
    expect(progressSummaryOf(model, facts(['a1', 'a2']), 'st-a')).toMatchObject({ total: 2, percent: 100 });
  });
});

describe('content status (000 §4.1)', () => {
  const state = (over: Partial<Parameters<typeof contentStatusOf>[0] & object> = {}) => ({ completedCount: 0, viewsCount: 0, seconds: 0, duration: 100, percent: 0, ...over });
  it('is initial with nothing, started with any percent, seconds or views, completed, disabled wins', () => {
    expect(contentStatusOf(null, false)).toEqual({ status: 'initial', color: null, progress: 0 });
    expect(contentStatusOf(state(), false).status).toBe('initial');
    expect(contentStatusOf(state({ seconds: 11, percent: 0.11 }), false)).toEqual({ status: 'started', color: 'orange', progress: 11 });
    // issue 26 item 16: a 10-second video at 60 % (6 s) is started, as are the first and the last second of any entry
    expect(contentStatusOf(state({ duration: 10, seconds: 6, percent: 0.6 }), false)).toEqual({ status: 'started', color: 'orange', progress: 60 });
    expect(contentStatusOf(state({ seconds: 1, percent: 0.01 }), false).status).toBe('started');
    expect(contentStatusOf(state({ seconds: 99.5, percent: 0.995 }), false).status).toBe('started');
    expect(contentStatusOf(state({ percent: 0.2 }), false).status).toBe('started');
    expect(contentStatusOf(state({ viewsCount: 1 }), false).status).toBe('started');
    expect(contentStatusOf(state({ completedCount: 1, percent: 1 }), false)).toEqual({ status: 'completed', color: 'green', progress: 100 });
    expect(contentStatusOf(state({ completedCount: 1, percent: 1 }), true)).toEqual({ status: 'disabled', color: 'gray', progress: 100 });
  });
});

describe('access (000 §6)', () => {
  const user = (over: Partial<Extract<Principal, { kind: 'user' }>> = {}): Principal => ({
    kind: 'user',
    userId: 'u',
    email: 'u@x',
    roles: ['learner'],
    permissions: [],
    aclTags: [],
    companyId: null,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
    sessionId: 's',
    ...over,
  });
  it('grants by allowedStations ("all", the station or its root)', () => {
    expect(stationAccess(model, user(), 'st-a')).toBe('allowed');
    expect(stationAccess(model, user({ allowedStations: { crop: true } }), 'st-a')).toBe('allowed');
    // a tagged station needs the grant; an open one comes with every learner (ADR 0033)
    expect(stationAccess(model, user({ aclTags: ['dist:all'], allowedStations: { home: true } }), 'dist')).toBe('forbidden');
    expect(stationAccess(model, user({ aclTags: ['dist:all'], allowedStations: { dist: true } }), 'dist')).toBe('allowed');
    expect(stationAccess(model, user({ allowedStations: {} }), 'st-a')).toBe('allowed');
  });
  it('needs one of the ACL tags; <prefix>:all grants all of that prefix', () => {
    expect(stationAccess(model, user(), 'dist')).toBe('forbidden');
    expect(stationAccess(model, user({ aclTags: ['dist:milho_dekalb'] }), 'dist')).toBe('allowed');
    expect(stationAccess(model, user({ aclTags: ['dist:all'] }), 'dist')).toBe('allowed');
    expect(tagsAllow(['team:monsoy'], ['dist:all'])).toBe(false);
    expect(tagsAllow(['team:monsoy'], ['team:all'])).toBe(true);
  });
  it('limits by country, hides inactive stations, and lets guests open guest stations only', () => {
    expect(stationAccess(model, user({ country: 'AR' }), 'cast')).toBe('forbidden');
    expect(stationAccess(model, user(), 'cast')).toBe('allowed');
    expect(stationAccess(model, user(), 'off')).toBe('not-found');
    expect(stationAccess(model, user(), 'nothing')).toBe('not-found');
    expect(stationAccess(model, { kind: 'guest', guestId: 'g' }, 'open')).toBe('allowed');
    expect(stationAccess(model, { kind: 'guest', guestId: 'g' }, 'home')).toBe('forbidden');
  });
});

describe('named routes (000 §2.1)', () => {
  it('picks the route by route area, with content links carrying group, video and start', () => {
    expect(pageTo(model, 'crop')).toBe('/training/crop');
    expect(pageTo(model, 'st-a')).toBe('/training/crop/st-a');
    expect(pageTo(model, 'step')).toBe('/journey/trail/step');
    expect(pageTo(model, 'home')).toBe('/station/home');
    expect(entryLink(model, 'home', { entryId: 'h1', groupKey: 'intro' })).toBe('/station/home?group=intro&video=h1&start=true');
  });
});
