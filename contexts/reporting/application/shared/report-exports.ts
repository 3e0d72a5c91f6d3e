import { newId, type Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { reportExportsStream, type ReportExported, type ReportName } from '../../contracts/index.js';
import type { ReportFile } from './report-file.js';

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
