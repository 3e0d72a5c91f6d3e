import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ExpertQuestionsReportPage, ExpertQuestionsReportQuery } from '../../contracts/index.js';

export class GetExpertQuestionsReportQuery extends Query<ExpertQuestionsReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: ExpertQuestionsReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
