import { sql } from 'kysely';
import type { Locale } from '@portal/kernel';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { catalogueTable, companiesTable, tableIn } from '@portal/projection-report-kit';
import type { Localized } from '@portal/learning/contracts';

/**
 * The names an exported file's first rows show beside the ids a filter holds (ADR 0070): the
 * company's name for `companyId` and the station's title (the reader's language) for `station`,
 * as the report's own projection knows them now. An id it does not know keeps only the id.
 */
export async function filterLabels(projections: ProjectionRuntime, projection: string, filters: Record<string, string>, lang: Locale): Promise<Record<string, string>> {
  const reader = projections.reader(projection);
  const schema = projections.schemaOf(projection);
  const labels: Record<string, string> = {};
  if (filters.companyId) {
    const companies = tableIn(schema, companiesTable.name);
    const row = await sql<{ name: string }>`select name from ${companies} where company_id = ${filters.companyId} and valid_to is null limit 1`.execute(reader);
    if (row.rows[0]) labels.companyId = row.rows[0].name;
  }
  if (filters.station) {
    const catalogue = tableIn(schema, catalogueTable.name);
    const row = await sql<{ title: Localized }>`select title from ${catalogue} where kind = 'station' and id = ${filters.station} and valid_to is null limit 1`.execute(reader);
    const title = row.rows[0]?.title;
    if (title) labels.station = title[lang] || title['pt-BR'];
  }
  return labels;
}
