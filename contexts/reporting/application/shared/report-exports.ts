import type { Writable } from 'node:stream';
import { newId, type Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { parseInput } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { reportRows, type ReportRead } from '@portal/projection-report-kit';
import { reportExportsStream, type ReportExported, type ReportFormat, type ReportName } from '../../contracts/index.js';
import { SERVER_REPORTS } from './report-definitions.js';
import { filterLabels } from './filter-labels.js';
import { writeReportFile, type ReportFile } from './report-file.js';
import { filtersOf, resolveAsOf, type ReportQueryInput } from './report-reader.js';

/**
 * Records an export (ADR 0070): `ReportExported` on the exporter's stream, once the file was
 * written or cut off, with the rows written. A fact with no rule to decide, appended as it is
 * (`any` revision: two exports of one user never conflict).
 */
export async function recordReportExport(
  store: EventStore,
  clock: Clock,
  file: Pick<ReportFile, 'report' | 'filters' | 'asOf' | 'format'>,
  outcome: { rows: number; complete: boolean },
  who: { by: string; scopeCompanyId: string | null },
  context: AppendContext,
): Promise<void> {
  const data: ReportExported['data'] = {
    exportId: newId(),
    report: file.report satisfies ReportName,
    filters: file.filters,
    asOf: file.asOf,
    format: file.format,
    rows: outcome.rows,
    complete: outcome.complete,
    by: who.by,
    scopeCompanyId: who.scopeCompanyId,
    exportedAt: clock.now().toISOString(),
  };
  await store.append(reportExportsStream(who.by), [{ type: 'ReportExported', data }], { expectedRevision: 'any', context });
}

/**
 * An export outside HTTP (the operator CLI, ADR 0070): every company (the operator filters with
 * companyId), "as of" resolved like the screen's, the file written to `out`, recorded as
 * ReportExported `by: cli` with origin cli.
 */
export async function exportReportFile(
  deps: { store: EventStore; clock: Clock; projections: ProjectionRuntime },
  name: ReportName,
  query: Record<string, unknown>,
  out: Writable,
): Promise<{ rows: number; complete: boolean }> {
  const report = SERVER_REPORTS[name];
  const q = parseInput(report.exportQuery, query) as ReportQueryInput & { format: ReportFormat };
  const asOf = await resolveAsOf(deps.store, q.asOf);
  const read: ReportRead = { at: asOf ? BigInt(asOf.position ?? 0) : null, lang: q.lang, scopeCompanyId: null, filters: q, sort: { column: q.sort, direction: q.dir } };
  const filters = filtersOf(q);
  const file: ReportFile = {
    report: name,
    columns: report.columns,
    lang: q.lang,
    format: q.format,
    filters,
    labels: await filterLabels(deps.projections, report.projection, filters, q.lang),
    asOf,
    exportedAt: deps.clock.now(),
    rows: reportRows(deps.projections.reader(report.projection), deps.projections.schemaOf(report.projection), report.query, read),
  };
  const outcome = await writeReportFile(file, out);
  await recordReportExport(deps.store, deps.clock, file, outcome, { by: 'cli', scopeCompanyId: null }, { correlationId: newId(), actor: 'system', origin: 'cli' });
  return outcome;
}
