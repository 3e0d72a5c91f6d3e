import { sql } from 'kysely';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { companiesTable, tableIn } from '@portal/projection-report-kit';

/** The companies a report projection knows now (their current names), by name; one company when `only` is given. */
export async function currentCompanies(projections: ProjectionRuntime, projection: string, only?: string): Promise<{ companyId: string; name: string }[]> {
  const table = tableIn(projections.schemaOf(projection), companiesTable.name);
  const one = only === undefined ? sql`` : sql`and company_id = ${only}`;
  const rows = await sql<{ company_id: string; name: string }>`select company_id, name from ${table} where valid_to is null ${one} order by name, company_id`.execute(projections.reader(projection));
  return rows.rows.map((r) => ({ companyId: r.company_id, name: r.name }));
}
