import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@portal/database';
import { ed25519Signer, fileWitness, type StreamVerification } from '@portal/eventstore';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import { learnerStream } from '@portal/assessment/contracts';
import { bookingStream } from '@portal/booking/contracts';
import { userStream } from '@portal/identity/contracts';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { tokenFor } from '@portal/testing/client';
import { answer, tellAuditStory, type AuditStory } from '../testing/audit-story.js';
import { AuditVerificationRuns } from './shared/audit-verification-runs.js';

/**
 * Issue 26 item 17 (ADR 0083): a subject's audit checks its streams against the signed
 * checkpoints, so the three edits ADR 0030 says a stream chain passes (an edited recorded_at, a
 * stream's newest events deleted with its head moved back, a payload re-chained with the
 * database's es_event_hash) read broken on the user history, the answer sheet and the booking
 * audit, not verified; events after the newest checkpoint say they are not sealed yet; and each
 * answer says when the whole log was last verified and how.
 */
let t: TestApp;
let auditor: string;
const stories: AuditStory[] = [];
const sql = (text: string, params: unknown[] = []) => query(t.infra.database.db, text, params);

/** The verdict of each of a story's three streams, as its route answers. */
async function verdicts(story: AuditStory) {
  const get = async (url: string) => {
    const res = await t.request('GET', url, { token: auditor });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const history = await get(`/api/audit/users/${story.learner.userId}/history`);
  const answers = await get(`/api/audit/answers/${story.learner.userId}`);
  const booking = await get(`/api/booking/audit/${story.bookingId}`);
  const account: StreamVerification = history.streams.find((s: StreamVerification) => s.streamId === userStream(story.learner.userId));
  const bookingOwn: StreamVerification = booking.streams.find((s: StreamVerification) => s.streamId === bookingStream(story.bookingId));
  return {
    history: account,
    answers: answers as StreamVerification,
    booking: { ...bookingOwn, verified: booking.verified as boolean },
    lastWholeLog: [history.lastWholeLog, answers.lastWholeLog, booking.lastWholeLog],
  };
}

/** Seals everything appended (on a shared server another file's open transaction may hold it back a moment). */
async function sealAll() {
  const config = t.app.get<AppConfig>(APP_CONFIG);
  const deadline = Date.now() + 20_000;
  for (;;) {
    await t.infra.logAudit!.seal({ signer: ed25519Signer(config.audit.signingKey), witness: fileWitness(config.audit.witnessFile) });
    if ((await t.infra.logAudit!.unsealedEstimate()) === 0) return;
    if (Date.now() > deadline) throw new Error('appended events did not become visible to the sealer');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Re-chains a stream from `revision` to its head with the database's own hash function, and moves its head's hash along. */
async function rechain(streamId: string, revision: number) {
  const [{ head }] = (await sql(`select max(revision)::int as head from es_events where stream_id = $1`, [streamId])) as [{ head: number }];
  for (let r = revision; r <= head; r++) {
    await sql(
      `update es_events e set hash = es_event_hash(coalesce(p.hash, ''), e.stream_id, e.revision, e.event_id, e.type, e.schema_version, e.data, e.metadata)
         from es_events e2 left join es_events p on p.stream_id = e2.stream_id and p.revision = e2.revision - 1
        where e.stream_id = e2.stream_id and e.revision = e2.revision and e.stream_id = $1 and e.revision = $2`,
      [streamId, r],
    );
  }
  await sql(`update es_streams set last_hash = (select hash from es_events where stream_id = $1 and revision = $2) where stream_id = $1`, [streamId, head]);
}

/** Deletes a stream's newest event and moves its head back onto the one before. */
async function cutNewest(streamId: string) {
  const [{ head }] = (await sql(`select max(revision)::int as head from es_events where stream_id = $1`, [streamId])) as [{ head: number }];
  await sql(`delete from es_events where stream_id = $1 and revision = $2`, [streamId, head]);
  await sql(`update es_streams set revision = $2, last_hash = (select hash from es_events where stream_id = $1 and revision = $2) where stream_id = $1`, [streamId, head - 1]);
}

beforeAll(async () => {
  t = await startTestApp({ AUDIT_CHECKPOINT_SECONDS: '0' });
  for (const name of ['recorded', 'cut', 'rechained']) stories.push(await tellAuditStory(t, `${name}@example.com`));
  // every stream tampered with below has at least two events
  for (const story of stories) {
    const named = await t.request('POST', '/api/updateUserProfile', { token: story.learner.token, body: { name: 'Joana Prado' } });
    expect(named.statusCode, named.body).toBe(200);
    await t.infra.store.append(bookingStream(story.bookingId), [{ type: 'BookingExpired', data: { bookingId: story.bookingId, locationId: '01900000-0000-7000-8000-00000000b001', date: '2026-12-03', time: '09:00', expiresAt: '2026-11-22T10:01:00.000Z', expiredAt: '2026-11-22T10:02:00.000Z', source: { channel: 'expiry-process', linkHash: null, ip: null, userAgent: null } } }], {
      expectedRevision: 'any',
      context: { correlationId: 'audit-seal', actor: 'system', origin: 'system' },
    });
  }
  auditor = await tokenFor(t, 'auditor');
  await t.infra.projections.catchUp();
  await sealAll();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a subject's audit checks its events against the seal", () => {
  it('reads sealed and verified on the intact log, and names when the whole log was last verified', async () => {
    const before = await verdicts(stories[0]!);
    for (const v of [before.history, before.answers, before.booking]) expect(v).toMatchObject({ verified: true, seal: 'sealed', unsealed: 0, checkpoint: expect.any(String), sealedAt: expect.any(String) });
    expect(before.lastWholeLog).toEqual([null, null, null]);
    expect((await t.request('POST', '/api/audit/verifications', { token: auditor })).statusCode).toBe(202);
    await t.app.get(AuditVerificationRuns).settled();
    const after = await verdicts(stories[0]!);
    expect(after.lastWholeLog).toEqual(Array(3).fill({ status: 'passed', finishedAt: expect.any(String), events: expect.any(Number), firstBreak: null }));
  });

  it('says "not sealed yet" of events after the newest checkpoint, instead of verified', async () => {
    const story = stories[0]!;
    await t.infra.store.append(learnerStream(story.learner.userId), [{ type: 'AnswerSubmitted', data: answer(story.learner.userId, crypto.randomUUID(), 3, true, '2026-11-21T11:00:00.000Z') }], {
      expectedRevision: 'any',
      context: { correlationId: 'audit-seal', actor: 'system', origin: 'cli' },
    });
    const { answers } = await verdicts(story);
    expect(answers).toMatchObject({ verified: true, seal: 'partly-sealed', sealedRevision: '1', unsealed: 1 });
  });

  const cases: Array<[string, (streamId: string) => Promise<unknown>]> = [
    ['an edited recorded_at', (streamId) => sql(`update es_events set recorded_at = recorded_at - interval '2 days' where stream_id = $1 and revision = 0`, [streamId])],
    ['a stream head moved back over deleted events', cutNewest],
    [
      'a payload re-chained with es_event_hash',
      async (streamId) => {
        await sql(`update es_events set data = jsonb_set(data, '{lang}', '"es"') where stream_id = $1 and revision = 0`, [streamId]);
        await rechain(streamId, 0);
      },
    ],
  ];
  it.each(cases.map(([name, tamper], i) => [name, tamper, i] as const))('finds %s on the user history, the answer sheet and the booking audit', async (_name, tamper, i) => {
    const story = stories[i]!;
    const streams = [userStream(story.learner.userId), learnerStream(story.learner.userId), bookingStream(story.bookingId)];
    const before = await verdicts(story);
    expect([before.history, before.answers, before.booking].map((v) => v.verified)).toEqual([true, true, true]);
    for (const streamId of streams) await tamper(streamId);
    // the stream chains alone still pass: the edit is outside them
    expect((await Promise.all(streams.map((s) => t.infra.store.verifyStream(s)))).map((v) => v.ok)).toEqual([true, true, true]);
    const after = await verdicts(story);
    for (const [route, v] of Object.entries({ history: after.history, answers: after.answers, booking: after.booking })) {
      expect(v, route).toMatchObject({ verified: false, seal: 'broken', reason: expect.stringMatching(/checkpoint|sealed/) });
    }
  });
});
