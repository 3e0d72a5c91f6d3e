import { combineEvents } from '@portal/eventstore';
import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { expertEvents, expertQuestionEvents } from '@portal/engagement/contracts';
import { migrateExpertQuestions, type ExpertQuestionsDB } from './schema.js';

const events = combineEvents(expertQuestionEvents, expertEvents);

/**
 * Ask the expert (ADR 0072): every question with its state and answer (the learner's list, the
 * experts' queue by theme) and who answers which themes. Idempotent: an event applied again
 * changes nothing, and an older change arriving after a newer one does not undo it (each update
 * is guarded by the state or time it moves from).
 */
export const expertQuestionsProjection = defineProjection<ExpertQuestionsDB, ReturnType<typeof events.parseRecorded>>({
  name: 'expert-questions',
  version: 1,
  // ADR 0091: the asker's phone and words; an expert's name and answer are the expert's
  personalData: [
    { table: 'questions', subject: 'user_id', set: { phone: ERASED_SQL, title: ERASED_SQL, question: ERASED_SQL } },
    { table: 'questions', subject: 'claimed_by', set: { claimed_by_name: `case when "claimed_by_name" is null then null else ${ERASED_SQL} end` } },
    { table: 'questions', subject: 'answered_by', set: { answered_by_name: `case when "answered_by_name" is null then null else ${ERASED_SQL} end`, response: `case when "response" is null then null else ${ERASED_SQL} end` } },
  ],
  events,
  migrate: migrateExpertQuestions,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const e of events) {
      switch (e.type) {
        case 'ExpertQuestionAsked': {
          const d = e.data;
          await t
            .insertInto('questions')
            .values({
              question_id: d.questionId,
              user_id: d.userId,
              lang: d.lang,
              company_id: d.companyId,
              country: d.country,
              theme_id: d.themeId,
              theme_labels: JSON.stringify(d.themeLabels),
              sub_theme_id: d.subThemeId,
              sub_theme_labels: JSON.stringify(d.subThemeLabels),
              phone: d.phone,
              title: d.title,
              question: d.question,
              status: 'open',
              asked_at: d.askedAt,
            })
            .onConflict((oc) => oc.column('question_id').doNothing())
            .execute();
          break;
        }
        case 'ExpertQuestionClaimed': {
          const d = e.data;
          await t
            .updateTable('questions')
            .set({ claimed_by: d.expertId, claimed_by_name: d.expertName, claimed_at: d.claimedAt })
            .where('question_id', '=', d.questionId)
            .where('status', '=', 'open')
            .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<=', d.claimedAt)]))
            .execute();
          break;
        }
        case 'ExpertQuestionAnswered': {
          const d = e.data;
          await t
            .updateTable('questions')
            .set({ status: 'answered', response: d.response, answered_by: d.expertId, answered_by_name: d.expertName, answered_at: d.answeredAt })
            .where('question_id', '=', d.questionId)
            .where('answered_at', 'is', null)
            .execute();
          break;
        }
        case 'ExpertQuestionWithdrawn':
          await t.updateTable('questions').set({ status: 'withdrawn', withdrawn_at: e.data.withdrawnAt }).where('question_id', '=', e.data.questionId).where('status', '=', 'open').execute();
          break;
        case 'ExpertThemesAssigned': {
          const d = e.data;
          const current = await t.selectFrom('experts').select('assigned_at').where('user_id', '=', d.userId).executeTakeFirst();
          if (current && new Date(current.assigned_at).getTime() > Date.parse(d.assignedAt)) break;
          await t
            .insertInto('experts')
            .values({ user_id: d.userId, theme_ids: JSON.stringify(d.themeIds), assigned_by: d.by, assigned_at: d.assignedAt })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ theme_ids: JSON.stringify(d.themeIds), assigned_by: d.by, assigned_at: d.assignedAt }))
            .execute();
          await t.deleteFrom('expert_themes').where('user_id', '=', d.userId).execute();
          if (d.themeIds.length > 0) await t.insertInto('expert_themes').values(d.themeIds.map((themeId) => ({ theme_id: themeId, user_id: d.userId }))).execute();
          break;
        }
        default: {
          const exhaustive: never = e;
          void exhaustive;
        }
      }
    }
  },
});
