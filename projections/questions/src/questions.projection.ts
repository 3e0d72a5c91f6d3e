import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import type { QuestionCatalogueEvent, StationCatalogueEvent, CertificateCatalogueEvent } from '@portal/learning/contracts';

type Handled = QuestionCatalogueEvent | StationCatalogueEvent | CertificateCatalogueEvent;

/**
 * The assessment and scoring contexts' own copy of the catalogue (learning's StationRevised,
 * QuestionRevised and CertificateRuleRevised): questions with their option keys and revision,
 * stations with their questions config and entries, certificate rules. Retired items stay as rows
 * marked retired (answers keep pointing at them).
 */
export const questionsProjection: ProjectionDefinition = {
  name: 'questions',
  version: 1,
  eventTypes: ['StationRevised', 'StationRetired', 'QuestionRevised', 'QuestionRetired', 'CertificateRuleRevised', 'CertificateRuleRetired'],
  async migrate(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('stations')
      .ifNotExists()
      .addColumn('station_id', 'text', (c) => c.primaryKey())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('station', 'jsonb', (c) => c.notNull())
      .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('revised_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await s
      .createTable('questions')
      .ifNotExists()
      .addColumn('question_id', 'text', (c) => c.primaryKey())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('question', 'jsonb', (c) => c.notNull())
      .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('revised_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await s
      .createTable('certificate_rules')
      .ifNotExists()
      .addColumn('certificate_id', 'text', (c) => c.primaryKey())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('rule', 'jsonb', (c) => c.notNull())
      .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('revised_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as Handled;
      switch (e.type) {
        case 'StationRevised': {
          // the file hashes are the learning context's business
          const { mediaHashes: _m, entryHashes: _e, ...station } = e.data.station;
          const row = { station_id: e.data.stationId, revision: e.data.revision, station: JSON.stringify(station), retired: false, revised_at: e.data.revisedAt };
          await t
            .insertInto('stations')
            .values(row)
            .onConflict((oc) => oc.column('station_id').doUpdateSet({ revision: row.revision, station: row.station, retired: false, revised_at: row.revised_at }))
            .execute();
          break;
        }
        case 'StationRetired':
          await t.updateTable('stations').set({ retired: true, revision: e.data.revision, revised_at: e.data.retiredAt }).where('station_id', '=', e.data.stationId).execute();
          break;
        case 'QuestionRevised': {
          const row = { question_id: e.data.questionId, revision: e.data.revision, question: JSON.stringify(e.data.question), retired: false, revised_at: e.data.revisedAt };
          await t
            .insertInto('questions')
            .values(row)
            .onConflict((oc) => oc.column('question_id').doUpdateSet({ revision: row.revision, question: row.question, retired: false, revised_at: row.revised_at }))
            .execute();
          break;
        }
        case 'QuestionRetired':
          await t.updateTable('questions').set({ retired: true, revision: e.data.revision, revised_at: e.data.retiredAt }).where('question_id', '=', e.data.questionId).execute();
          break;
        case 'CertificateRuleRevised': {
          const row = { certificate_id: e.data.certificateId, revision: e.data.revision, rule: JSON.stringify(e.data.rule), retired: false, revised_at: e.data.revisedAt };
          await t
            .insertInto('certificate_rules')
            .values(row)
            .onConflict((oc) => oc.column('certificate_id').doUpdateSet({ revision: row.revision, rule: row.rule, retired: false, revised_at: row.revised_at }))
            .execute();
          break;
        }
        case 'CertificateRuleRetired':
          await t.updateTable('certificate_rules').set({ retired: true, revision: e.data.revision, revised_at: e.data.retiredAt }).where('certificate_id', '=', e.data.certificateId).execute();
          break;
        default: {
          const exhaustive: never = e;
          void exhaustive;
        }
      }
    }
  },
};
