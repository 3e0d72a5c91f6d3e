import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/** A company as identity records it (001 §3 Company): each change is a new version. */
export interface CompanyDetailsRow {
  company_id: string;
  name: string;
  business_code: string;
  phone: string | null;
  contact_email: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  domains: string[];
}
export const companyDetailsTable: TemporalTable<CompanyDetailsRow> = {
  name: 'company_details',
  key: ['company_id'],
  columns: { company_id: 'text', name: 'text', business_code: 'text', phone: 'text', contact_email: 'text', contact_name: 'text', contact_phone: 'text', domains: 'text[]' },
};

/** A user's last sign-in (identity's SignInSucceeded): "active users" count those recent enough at the time read. */
export interface LastSignInRow {
  user_id: string;
  signed_in_at: string;
}
export const lastSignInsTable: TemporalTable<LastSignInRow> = { name: 'last_sign_ins', key: ['user_id'], columns: { user_id: 'text', signed_in_at: 'timestamptz' } };

/** One completion (learning's MediaCompleted; every one, repeats included): a fact keyed by its log position. */
export interface CompletionFactRow {
  completion_id: string;
  user_id: string;
  entry_id: string;
  station_id: string;
  completed_at: string;
}
export const completionFactsTable: TemporalTable<CompletionFactRow> = {
  facts: true,
  name: 'completion_facts',
  key: ['completion_id'],
  columns: { completion_id: 'text', user_id: 'text', entry_id: 'text', station_id: 'text', completed_at: 'timestamptz' },
};

/** The report's tables in its own schema: the kit's dimensions, the companies, the sign-ins and the completions. */
export async function migrateReportCompanies(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, companyDetailsTable);
  await createTemporalTable(db, schema, lastSignInsTable);
  await createTemporalTable(db, schema, completionFactsTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('completion_facts_user').on('completion_facts').columns(['user_id', 'completed_at']).execute();
}
