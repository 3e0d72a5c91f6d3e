import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ReportName } from '../../contracts/index.js';
import type { ReportQueryInput } from '../shared/report-reader.js';

/** A report's page as the answer carries it: the rows, how many match, where "as of" landed. */
export interface ReportPageAnswer {
  report: ReportName;
  asOf: { requested: string; position: string | null } | null;
  page: number;
  pageSize: number;
  total: number;
  rows: unknown[];
}

export class GetReportPageQuery extends Query<ReportPageAnswer> {
  constructor(
    readonly report: ReportName,
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: ReportQueryInput & { page: number; pageSize: number },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
