import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { expertQuestionEvents } from '@portal/engagement/contracts';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents } from '@portal/learning/contracts';
import { DIMENSION_EVENT_TYPES, foldDimensions, TemporalBatch, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { expertQuestionsTable, migrateReportExpertQuestions, themesTable, type ExpertQuestionRow } from './schema.js';

const events = combineEvents(identityEvents, catalogueEvents, expertQuestionEvents);
const THEME_LISTS: ReadonlySet<string> = new Set(['expertThemes', 'expertSubThemes']);

/**
 * The ask the expert report (001 §2 expert-ask-question, §3 ask-expert item; ADR 0070, 0072): per
 * question, theme and sub-theme (labels from identity's reference data as they stood at the
 * position read), phone, title, question, response, who answered and when, and where it stands.
 * Rebuild: `npm run portal -- projections rebuild report-expert-questions`.
 */
export const reportExpertQuestionsProjection = defineProjection({
  name: 'report-expert-questions',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'ReferenceItemSaved', 'ExpertQuestionAsked', 'ExpertQuestionClaimed', 'ExpertQuestionAnswered', 'ExpertQuestionWithdrawn'],
  migrate: migrateReportExpertQuestions,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);

    const saved = batch.flatMap((e) => (e.type === 'ReferenceItemSaved' && THEME_LISTS.has(e.data.list) ? [e] : []));
    if (saved.length > 0) {
      const themes = new TemporalBatch(themesTable);
      await themes.load(trx, schema, saved.map((e) => [e.data.itemId]));
      for (const e of saved) themes.change([e.data.itemId], e.checkpoint.position, () => ({ item_id: e.data.itemId, list: e.data.list, parent_id: e.data.parentId, labels: e.data.labels }));
      await themes.write(trx, schema);
    }

    const steps = batch.flatMap((e) =>
      e.type === 'ExpertQuestionAsked' || e.type === 'ExpertQuestionClaimed' || e.type === 'ExpertQuestionAnswered' || e.type === 'ExpertQuestionWithdrawn' ? [e] : [],
    );
    if (steps.length === 0) return;
    const rows = new TemporalBatch(expertQuestionsTable);
    await rows.load(trx, schema, steps.map((e) => [e.data.questionId]));
    for (const e of steps) {
      rows.change([e.data.questionId], e.checkpoint.position, (current): ExpertQuestionRow | null => {
        switch (e.type) {
          case 'ExpertQuestionAsked': {
            const d = e.data;
            return {
              question_id: d.questionId,
              user_id: d.userId,
              theme_id: d.themeId,
              theme_labels: d.themeLabels,
              sub_theme_id: d.subThemeId,
              sub_theme_labels: d.subThemeLabels,
              phone: d.phone,
              title: d.title,
              question: d.question,
              response: null,
              expert_id: null,
              answered_by: null,
              asked_at: d.askedAt,
              answered_at: null,
              status: 'open',
            };
          }
          case 'ExpertQuestionClaimed':
            return current && current.status === 'open' ? { ...current, status: 'claimed' } : current;
          case 'ExpertQuestionAnswered':
            return current ? { ...current, response: e.data.response, expert_id: e.data.expertId, answered_by: e.data.expertName, answered_at: e.data.answeredAt, status: 'answered' } : current;
          case 'ExpertQuestionWithdrawn':
            return current ? { ...current, status: 'withdrawn' } : current;
        }
      });
    }
    await rows.write(trx, schema);
  },
});
