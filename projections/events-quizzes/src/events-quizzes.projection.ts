import { defineProjection } from '@portal/projections-runtime';
import { quizEvents } from '@portal/events/contracts';
import { migrateEventsQuizzes, type EventsQuizzesDB } from './schema.js';

/** Read model behind the quiz list and editor and the quiz reports' question texts (ADR 0060). */
export const eventsQuizzesProjection = defineProjection<EventsQuizzesDB, ReturnType<typeof quizEvents.parseRecorded>>({
  name: 'events-quizzes',
  version: 1,
  events: quizEvents,
  migrate: migrateEventsQuizzes,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
      switch (event.type) {
        case 'QuizCreated': {
          const d = event.data;
          await t
            .insertInto('quizzes')
            .values({ quiz_id: d.quizId, title: d.title, description: d.description, questions: JSON.stringify(d.questions), created_at: d.createdAt, updated_at: d.createdAt })
            .onConflict((oc) => oc.column('quiz_id').doNothing())
            .execute();
          break;
        }
        case 'QuizUpdated': {
          const d = event.data;
          await t.updateTable('quizzes').set({ title: d.title, description: d.description, questions: JSON.stringify(d.questions), updated_at: d.updatedAt }).where('quiz_id', '=', d.quizId).execute();
          break;
        }
        case 'QuizDeleted':
          await t.updateTable('quizzes').set({ deleted: true, updated_at: event.data.deletedAt }).where('quiz_id', '=', event.data.quizId).execute();
          break;
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
});
