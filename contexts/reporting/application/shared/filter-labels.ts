import { sql } from 'kysely';
import type { Locale } from '@portal/kernel';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { catalogueTable, tableIn } from '@portal/projection-report-kit';
import { currentCompanies } from './current-companies.js';

/**
 * The names an exported file's first rows show beside the ids a filter holds (ADR 0070): the
 * company's name for `companyId` and the station's title (the reader's language, else pt-BR, as
 * the report's title columns) for `station`, as the report's own projection knows them now. An id
 * it does not know keeps only the id.
 */
export async function filterLabels(projections: ProjectionRuntime, projection: string, filters: Record<string, string>, lang: Locale): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};
  if (filters.companyId) {
    const [company] = await currentCompanies(projections, projection, filters.companyId);
    if (company) labels.companyId = company.name;
  }
  if (filters.station) {
    const catalogue = tableIn(projections.schemaOf(projection), catalogueTable.name);
    const row = await sql<{ title: string | null }>`select coalesce(title->>${lang}, title->>'pt-BR') as title from ${catalogue}
      where kind = 'station' and id = ${filters.station} and valid_to is null limit 1`.execute(projections.reader(projection));
    if (row.rows[0]?.title) labels.station = row.rows[0].title;
  }
  return labels;
}
