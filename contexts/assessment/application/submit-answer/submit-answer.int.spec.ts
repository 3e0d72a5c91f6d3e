import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { accessTokenFor } from '@portal/testing/identity';
import { roundTrips } from '@portal/testing/round-trips';
import { importContentPack } from '@portal/learning/application';
import { learnerStream } from '../../contracts/index.js';

let t: TestApp;
/** a learner who may see every station, as the answer benchmark's learners */
const learner = { userId: randomUUID(), token: '' };

beforeAll(async () => {
  t = await startTestApp();
  const pack = await importContentPack(t.infra.store, t.infra.clock);
  if (pack.checkpoint) await t.infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
  learner.token = await accessTokenFor(t, { sub: learner.userId });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

const answer = (questionId: string, answerId: string) => t.request('POST', '/api/user-store/answer', { body: { questionId, answerId, secondsToAnswer: 3 }, token: learner.token });

/**
 * What the answer benchmark's path asks of the database, counted rather than timed: the learner's
 * answer sheet and the catalogue are in memory, so an answer is one append (issue 11: answers p99
 * above the figure before the conventions migration).
 */
describe('an answer of a known learner is one append', () => {
  it('reads the sheet for the first answer only, then appends each answer without reading', async () => {
    const first = await roundTrips(t, () => answer('soja-manejo-q1', 'soja-manejo-q1-b'));
    expect(first.value.statusCode, first.value.body).toBe(201);
    expect(first.store).toEqual([`readStream ${learnerStream(learner.userId)}`, `append ${learnerStream(learner.userId)}`]);

    const next = await roundTrips(t, () => answer('soja-manejo-q2', 'soja-manejo-q2-a'));
    expect(next.value.statusCode, next.value.body).toBe(201);
    expect(next.store).toEqual([`append ${learnerStream(learner.userId)}`]);
  });

  it('does not reload the catalogue by age while this process runs the catalogue projection', async () => {
    const before = await roundTrips(t, () => answer('soja-colheita-q1', 'soja-colheita-q1-a'));
    expect(before.value.statusCode, before.value.body).toBe(201);
    // past the age after which a process that does not run the projection reloads it
    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now + 11_000);
    const later = await roundTrips(t, () => answer('soja-plantio-q1', 'soja-plantio-q1-a'));
    vi.restoreAllMocks();
    expect(later.value.statusCode, later.value.body).toBe(201);
    expect(later.store).toEqual([`append ${learnerStream(learner.userId)}`]);
    expect(later.statements).toBe(before.statements);
  });
});
