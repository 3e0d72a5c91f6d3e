import type { ColumnType, Kysely } from 'kysely';
import type { CertificateLockReason as LockReason } from '@portal/scoring/contracts/certificate-rule';

/** jsonb: written as JSON text, read parsed (pg) or as text (read with jsonValue) */
type Json = ColumnType<unknown, string, string>;

export interface CertStationsTable {
  station_id: string;
  station: Json;
  retired: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface CertRulesTable {
  certificate_id: string;
  rule: Json;
  retired: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface CertCompletedTable {
  actor: string;
  entry_id: string;
}

export interface CertAnswersTable {
  actor: string;
  question_id: string;
  is_correct: boolean;
}

/** Per learner and certificate rule: whether the rules are met, and why not. */
export interface CertStatusTable {
  actor: string;
  certificate_id: string;
  crop_id: string;
  rule_revision: number;
  met: boolean;
  lock_reason: LockReason | null;
  rules: Json;
}

/** CertificateIssued, as the verification page and the learner's list read it. */
export interface CertIssuedTable {
  issued_id: string;
  actor: string;
  certificate_id: string;
  crop_id: string;
  holder_name: string | null;
  lang: string;
  title: Json;
  rules: Json;
  issued_at: ColumnType<Date | string, string, string>;
}

/** The certificates read model's tables (queries and the projector use the same types). */
export interface CertificatesDB {
  cert_stations: CertStationsTable;
  cert_rules: CertRulesTable;
  cert_completed: CertCompletedTable;
  cert_answers: CertAnswersTable;
  cert_status: CertStatusTable;
  cert_issued: CertIssuedTable;
}

export async function migrateCertificates(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('cert_stations')
    .ifNotExists()
    .addColumn('station_id', 'text', (c) => c.primaryKey())
    .addColumn('station', 'jsonb', (c) => c.notNull())
    .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await s
    .createTable('cert_rules')
    .ifNotExists()
    .addColumn('certificate_id', 'text', (c) => c.primaryKey())
    .addColumn('rule', 'jsonb', (c) => c.notNull())
    .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await s
    .createTable('cert_completed')
    .ifNotExists()
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cert_completed_pk', ['actor', 'entry_id'])
    .execute();
  await s
    .createTable('cert_answers')
    .ifNotExists()
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('is_correct', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('cert_answers_pk', ['actor', 'question_id'])
    .execute();
  await s
    .createTable('cert_status')
    .ifNotExists()
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('certificate_id', 'text', (c) => c.notNull())
    .addColumn('crop_id', 'text', (c) => c.notNull())
    .addColumn('rule_revision', 'integer', (c) => c.notNull())
    .addColumn('met', 'boolean', (c) => c.notNull())
    .addColumn('lock_reason', 'text')
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('cert_status_pk', ['actor', 'certificate_id'])
    .execute();
  await s.createIndex('cert_status_met_idx').ifNotExists().on('cert_status').columns(['met', 'actor']).execute();
  await s
    .createTable('cert_issued')
    .ifNotExists()
    .addColumn('issued_id', 'text', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('certificate_id', 'text', (c) => c.notNull())
    .addColumn('crop_id', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('cert_issued_learner_idx').ifNotExists().unique().on('cert_issued').columns(['actor', 'certificate_id']).execute();
}
