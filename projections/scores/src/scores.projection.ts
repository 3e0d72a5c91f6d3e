import { sql } from 'kysely';
import { combineEvents } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { assessmentEvents, type AnswerSubmitted } from '@portal/assessment/contracts';
import { catalogueEvents, progressEvents } from '@portal/learning/contracts';
import { POINTS_PER_COMPLETED_ENTRY, scoreBucketOf } from '@portal/scoring/contracts';
import { migrateScores, type Bucket, type ScoresDB } from './schema.js';

const events = combineEvents(assessmentEvents, catalogueEvents, progressEvents);

/**
 * Where an answer's points land (ADR 0044): by where the question was asked, not by the screen.
 * - nps: AV1/AV2 (context nps)                      -> npsScore, total only
 * - videos_answers: asked by an entry (entryId)      -> videosAnswersScore
 * - questions: asked by a station's questions config -> questionsScore
 * - extra: asked by no station (adaptive only)       -> part of othersScore, total only
 */
export type { Bucket };
export const bucketOf = (a: Pick<AnswerSubmitted['data'], 'context' | 'entryId' | 'stationId'>): Bucket => scoreBucketOf(a);

/** Score rows per learner: 'total', 'crop:<root station>' and 'station:<station>'. */
export const TOTAL_SCOPE = 'total';
export const cropScope = (cropId: string) => `crop:${cropId}`;
export const stationScope = (stationId: string) => `station:${stationId}`;

interface Delta {
  questions: number;
  videos: number;
  videos_answers: number;
  nps: number;
  extra: number;
  completed: number;
  answers: number;
}
const zero = (): Delta => ({ questions: 0, videos: 0, videos_answers: 0, nps: 0, extra: 0, completed: 0, answers: 0 });

interface AnswerFact {
  actor: string;
  questionId: string;
  points: number;
  bucket: Bucket;
  stationId: string | null;
  cropId: string | null;
}

const SEP = '\u0000';

/**
 * The scores read model (000 §9): 30 points per completed entry (first completion), the points
 * of each learner's current answer per question (a retry replaces the previous answer's points),
 * the NPS base, per station, per crop (root station) and in total. Batches are applied with a few
 * set-based statements (unnest), so a rebuild of a million events stays fast (ADR 0044).
 */
export const scoresProjection = defineProjection<ScoresDB, ReturnType<typeof events.parseRecorded>>({
  name: 'scores',
  version: 1,
  events,
  eventTypes: ['AnswerSubmitted', 'MediaCompleted', 'StationRevised', 'StationRetired'],
  migrate: migrateScores,
  async apply(trx, schema, batch) {
    const table = (name: string) => sql.table(`${schema}.${name}`);
    const crops = new Map<string, string>();
    for (const r of await sql<{ station_id: string; crop_id: string }>`select station_id, crop_id from ${table('score_stations')}`.execute(trx).then((x) => x.rows)) {
      crops.set(r.station_id, r.crop_id);
    }
    let answers: AnswerFact[] = [];
    let completions: { actor: string; entryId: string; stationId: string }[] = [];

    const flush = async () => {
      if (answers.length === 0 && completions.length === 0) return;
      const deltas = new Map<string, Delta>();
      const add = (actor: string, scopes: string[], f: (d: Delta) => void) => {
        for (const scope of scopes) {
          const key = `${actor}${SEP}${scope}`;
          let d = deltas.get(key);
          if (!d) deltas.set(key, (d = zero()));
          f(d);
        }
      };
      const scopesOf = (bucket: Bucket, stationId: string | null, cropId: string | null) =>
        bucket === 'nps' || bucket === 'extra' || !stationId ? [TOTAL_SCOPE] : [TOTAL_SCOPE, cropScope(cropId ?? stationId), stationScope(stationId)];

      // current answers of the keys this batch touches
      const current = new Map<string, AnswerFact>();
      if (answers.length > 0) {
        const keys = [...new Map(answers.map((a) => [`${a.actor}${SEP}${a.questionId}`, a])).values()];
        const rows = await sql<{ actor: string; question_id: string; points: number; bucket: Bucket; station_id: string | null; crop_id: string | null }>`
          select a.actor, a.question_id, a.points, a.bucket, a.station_id, a.crop_id
          from ${table('score_answers')} a
          join unnest(${keys.map((k) => k.actor)}::text[], ${keys.map((k) => k.questionId)}::text[]) as k(actor, question_id)
            on a.actor = k.actor and a.question_id = k.question_id`.execute(trx);
        for (const r of rows.rows) {
          current.set(`${r.actor}${SEP}${r.question_id}`, { actor: r.actor, questionId: r.question_id, points: Number(r.points), bucket: r.bucket, stationId: r.station_id, cropId: r.crop_id });
        }
        for (const a of answers) {
          const key = `${a.actor}${SEP}${a.questionId}`;
          const prev = current.get(key);
          if (prev) {
            add(prev.actor, scopesOf(prev.bucket, prev.stationId, prev.cropId), (d) => {
              d[prev.bucket] -= prev.points;
              d.answers -= 1;
            });
          }
          add(a.actor, scopesOf(a.bucket, a.stationId, a.cropId), (d) => {
            d[a.bucket] += a.points;
            d.answers += 1;
          });
          current.set(key, a);
        }
        const changed = keys.map((k) => current.get(`${k.actor}${SEP}${k.questionId}`)!);
        await sql`
          insert into ${table('score_answers')} (actor, question_id, points, bucket, station_id, crop_id)
          select * from unnest(${changed.map((a) => a.actor)}::text[], ${changed.map((a) => a.questionId)}::text[], ${changed.map((a) => a.points)}::float8[],
                               ${changed.map((a) => a.bucket)}::text[], ${changed.map((a) => a.stationId)}::text[], ${changed.map((a) => a.cropId)}::text[])
          on conflict (actor, question_id) do update set points = excluded.points, bucket = excluded.bucket, station_id = excluded.station_id, crop_id = excluded.crop_id`.execute(trx);
      }

      if (completions.length > 0) {
        const unique = [...new Map(completions.map((c) => [`${c.actor}${SEP}${c.entryId}`, c])).values()];
        // only the first completion of an entry scores: insert, and count what was really new
        const inserted = await sql<{ actor: string; entry_id: string; station_id: string }>`
          insert into ${table('score_completions')} (actor, entry_id, station_id)
          select * from unnest(${unique.map((c) => c.actor)}::text[], ${unique.map((c) => c.entryId)}::text[], ${unique.map((c) => c.stationId)}::text[])
          on conflict (actor, entry_id) do nothing
          returning actor, entry_id, station_id`.execute(trx);
        for (const c of inserted.rows) {
          add(c.actor, [TOTAL_SCOPE, cropScope(crops.get(c.station_id) ?? c.station_id), stationScope(c.station_id)], (d) => {
            d.videos += POINTS_PER_COMPLETED_ENTRY;
            d.completed += 1;
          });
        }
      }

      if (deltas.size > 0) {
        const list = [...deltas.entries()].map(([key, d]) => ({ key: key.split(SEP) as [string, string], d }));
        await sql`
          insert into ${table('score_totals')} (actor, scope, questions, videos, videos_answers, nps, extra, completed_entries, answers)
          select * from unnest(${list.map((x) => x.key[0])}::text[], ${list.map((x) => x.key[1])}::text[],
                               ${list.map((x) => x.d.questions)}::float8[], ${list.map((x) => x.d.videos)}::float8[], ${list.map((x) => x.d.videos_answers)}::float8[],
                               ${list.map((x) => x.d.nps)}::float8[], ${list.map((x) => x.d.extra)}::float8[],
                               ${list.map((x) => x.d.completed)}::int[], ${list.map((x) => x.d.answers)}::int[])
          on conflict (actor, scope) do update set
            questions = score_totals.questions + excluded.questions,
            videos = score_totals.videos + excluded.videos,
            videos_answers = score_totals.videos_answers + excluded.videos_answers,
            nps = score_totals.nps + excluded.nps,
            extra = score_totals.extra + excluded.extra,
            completed_entries = score_totals.completed_entries + excluded.completed_entries,
            answers = score_totals.answers + excluded.answers`.execute(trx);
      }
      answers = [];
      completions = [];
    };

    for (const e of batch) {
      switch (e.type) {
        case 'AnswerSubmitted': {
          const d = e.data;
          if (d.actor.startsWith('guest:')) break;
          const bucket = bucketOf(d);
          answers.push({ actor: d.actor, questionId: d.questionId, points: d.points, bucket, stationId: d.stationId, cropId: d.stationId ? (crops.get(d.stationId) ?? d.stationId) : null });
          break;
        }
        case 'MediaCompleted':
          // guests earn no score (000 §6: scores belong to signed-in learners)
          if (e.data.actor.startsWith('guest:')) break;
          completions.push({ actor: e.data.actor, entryId: e.data.entryId, stationId: e.data.stationId });
          break;
        case 'StationRevised': {
          // scores already counted keep their crop; what follows uses the new one
          await flush();
          const station = e.data.station;
          const cropId = station.parent ?? station.stationId;
          crops.set(station.stationId, cropId);
          await sql`insert into ${table('score_stations')} (station_id, crop_id) values (${station.stationId}, ${cropId})
                    on conflict (station_id) do update set crop_id = excluded.crop_id`.execute(trx);
          break;
        }
        case 'StationRetired':
          // a retired station's scores stay earned
          break;
        default:
          // the contracts' other types: not in eventTypes, never delivered
          break;
      }
    }
    await flush();
  },
});
