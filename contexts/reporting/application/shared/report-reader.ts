import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { AppError, type Principal } from '@portal/kernel';
import { inScope } from '@portal/identity/contracts';
import type { EventStore } from '@portal/eventstore';
import { EVENT_STORE, PROJECTIONS, waitForReads, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { companiesTable, reportPage, reportRows, reportWeekly, tableIn, type ReportRead } from '@portal/projection-report-kit';
import type { ReportFilters } from '../../contracts/index.js';
import type { ServerReport } from './report-definitions.js';

/** A report's query as every use case receives it: the filters, the sort, the locale. */
export type ReportQueryInput = ReportFilters & { sort: string; dir: 'asc' | 'desc'; lang: ReportRead['lang'] };

/** A read resolved: what the kit reads with, and where "as of" landed (null: live). */
export interface PreparedRead {
  read: ReportRead;
  asOf: { requested: string; position: string | null } | null;
  schema: string;
}

/** The filters as given (the export's first rows and its event): only the ones set, as text. */
export const filtersOf = (q: ReportQueryInput): Record<string, string> =>
  Object.fromEntries(Object.entries(q).filter(([k, v]) => v !== undefined && k !== 'format' && k !== 'page' && k !== 'pageSize').map(([k, v]) => [k, String(v)]));

/** Resolves "as of" to a log position (ADR 0070): the last event recorded at or before it; nothing recorded yet reads position 0 (empty). */
export async function resolveAsOf(store: EventStore, asOf: string | undefined): Promise<PreparedRead['asOf']> {
  if (!asOf) return null;
  const checkpoint = await store.positionAt(new Date(asOf));
  return { requested: asOf, position: checkpoint ? checkpoint.position.toString() : null };
}

/**
 * What every report use case does before reading (ADR 0070): the caller's scope (403 outside
 * the manager guard), a company filter outside it or unknown answers 404, "as of" resolved to a
 * log position, the caller's own writes waited for.
 */
@Injectable()
export class ReportReader {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async prepare(principal: Extract<Principal, { kind: 'user' }>, report: ServerReport, q: ReportQueryInput, req?: PortalRequest): Promise<PreparedRead> {
    const scope = report.scopeOf(principal);
    if (q.companyId && !inScope(scope, q.companyId)) throw new AppError('404');
    if (req) await waitForReads(this.projections, req, [report.projection]);
    const schema = this.projections.schemaOf(report.projection);
    if (q.companyId) {
      const known = await sql`select 1 from ${tableIn(schema, companiesTable.name)} where company_id = ${q.companyId} limit 1`.execute(this.projections.reader(report.projection));
      if (known.rows.length === 0) throw new AppError('404');
    }
    const asOf = await resolveAsOf(this.store, q.asOf);
    return {
      schema,
      asOf,
      read: {
        at: asOf ? BigInt(asOf.position ?? 0) : null,
        lang: q.lang,
        scopeCompanyId: scope.kind === 'company' ? scope.companyId : null,
        filters: q,
        sort: { column: q.sort, direction: q.dir },
        // "within N days" columns (the companies report's active users) count back from the date asked
        now: q.asOf ? new Date(q.asOf) : new Date(),
      },
    };
  }

  page<Row>(report: ServerReport, prepared: PreparedRead, page: { page: number; pageSize: number }): Promise<{ rows: Row[]; total: number }> {
    return reportPage(this.projections.reader(report.projection), prepared.schema, report.query, prepared.read, page);
  }

  rows<Row>(report: ServerReport, prepared: PreparedRead): AsyncGenerator<Row> {
    return reportRows(this.projections.reader(report.projection), prepared.schema, report.query, prepared.read);
  }

  weekly(report: ServerReport, prepared: PreparedRead, measures: Parameters<typeof reportWeekly>[4]) {
    return reportWeekly(this.projections.reader(report.projection), prepared.schema, report.query, prepared.read, measures);
  }
}
