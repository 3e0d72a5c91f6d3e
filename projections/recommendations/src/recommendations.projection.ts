import { combineEvents } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { assessmentEvents, type RecommendationsUpdated, type RecommendationVisited } from '@portal/assessment/contracts';
import { progressEvents } from '@portal/learning/contracts';
import { migrateRecommendations, type RecommendationsDB } from './schema.js';

const events = combineEvents(assessmentEvents, progressEvents);

/**
 * The recommendations read model: each learner's current recommendations (replaced by every
 * RecommendationsUpdated) and what the learner has done with each entry (views, position,
 * completions), so a recommended item carries its content status (000 §4.1) and the unseen count
 * can keep only items still `initial` (000 §4.6).
 */
export const recommendationsProjection = defineProjection<RecommendationsDB, ReturnType<typeof events.parseRecorded>>({
  name: 'recommendations',
  version: 1,
  events,
  eventTypes: ['RecommendationsUpdated', 'RecommendationVisited', 'ContentViewed', 'MediaStarted', 'MediaProgressed', 'MediaCompleted'],
  migrate: migrateRecommendations,
  async apply(trx, schema, batch) {
    const t = trx.withSchema(schema);
    const states = new Map<string, { actor: string; entry_id: string; views: number; completed_count: number; seconds: number | null; duration: number | null; percent: number | null }>();
    const state = (actor: string, entryId: string) => {
      const key = `${actor}\u0000${entryId}`;
      let s = states.get(key);
      if (!s) states.set(key, (s = { actor, entry_id: entryId, views: 0, completed_count: 0, seconds: null, duration: null, percent: null }));
      return s;
    };
    // a learner's list is replaced by each RecommendationsUpdated: keep the batch's last one per
    // learner (with the visits that follow it) and write once
    const lists = new Map<string, RecommendationsUpdated['data']['recommendations']>();
    const visits: RecommendationVisited['data'][] = [];
    for (const e of batch) {
      if (e.data.actor.startsWith('guest:')) continue;
      switch (e.type) {
        case 'RecommendationsUpdated':
          lists.set(e.data.actor, e.data.recommendations.map((r) => ({ ...r })));
          break;
        case 'RecommendationVisited': {
          const list = lists.get(e.data.actor);
          const rec = list?.find((r) => r.recommendationId === e.data.recommendationId);
          if (rec) rec.visitedAt = e.data.visitedAt;
          else visits.push(e.data);
          break;
        }
        case 'ContentViewed':
          state(e.data.actor, e.data.entryId).views += 1;
          break;
        case 'MediaStarted': {
          const s = state(e.data.actor, e.data.entryId);
          s.seconds = e.data.seconds;
          s.duration = e.data.duration;
          break;
        }
        case 'MediaProgressed': {
          const s = state(e.data.actor, e.data.entryId);
          s.seconds = e.data.seconds;
          s.duration = e.data.duration;
          s.percent = e.data.percent;
          break;
        }
        case 'MediaCompleted': {
          const s = state(e.data.actor, e.data.entryId);
          s.completed_count += 1;
          s.seconds = e.data.duration;
          s.duration = e.data.duration;
          s.percent = 1;
          break;
        }
        default:
          // the contracts' other types: not in eventTypes, never delivered
          break;
      }
    }
    // visits of lists written in an earlier batch come first: a list replaced in this batch wins
    for (const v of visits) {
      if (lists.has(v.actor)) continue;
      await t.updateTable('recommendations').set({ visited_at: v.visitedAt }).where('actor', '=', v.actor).where('recommendation_id', '=', v.recommendationId).execute();
    }
    if (lists.size > 0) {
      const actors = [...lists.keys()];
      for (let i = 0; i < actors.length; i += 1000) await t.deleteFrom('recommendations').where('actor', 'in', actors.slice(i, i + 1000)).execute();
      const rows = [...lists.entries()].flatMap(([actor, list]) =>
        list.map((r, position) => ({
          actor,
          recommendation_id: r.recommendationId,
          question_id: r.questionId,
          station_id: r.stationId,
          entry_ids: JSON.stringify(r.entryIds),
          position,
          created_at: r.createdAt,
          visited_at: r.visitedAt,
        })),
      );
      for (let i = 0; i < rows.length; i += 1000) await t.insertInto('recommendations').values(rows.slice(i, i + 1000)).execute();
    }
    const rows = [...states.values()];
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      await t
        .insertInto('entry_states')
        .values(chunk.map((r) => ({ actor: r.actor, entry_id: r.entry_id, views: r.views, completed_count: r.completed_count, seconds: r.seconds, duration: r.duration, percent: r.percent })))
        .onConflict((oc) =>
          oc.columns(['actor', 'entry_id']).doUpdateSet((eb) => ({
            views: eb('entry_states.views', '+', eb.ref('excluded.views')),
            completed_count: eb('entry_states.completed_count', '+', eb.ref('excluded.completed_count')),
            // a batch without a position keeps the stored one
            seconds: eb.fn.coalesce('excluded.seconds', 'entry_states.seconds'),
            duration: eb.fn.coalesce('excluded.duration', 'entry_states.duration'),
            percent: eb.fn.coalesce('excluded.percent', 'entry_states.percent'),
          })),
        )
        .execute();
    }
  },
});
