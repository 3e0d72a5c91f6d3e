import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { AnswersReportPage, AnswersReportQuery } from '../../contracts/index.js';

export class GetAnswersReportQuery extends Query<AnswersReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: AnswersReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
