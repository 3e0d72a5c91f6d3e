import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { MessagingReportPage, MessagingReportQuery } from '../../contracts/index.js';

export class GetMessagingReportQuery extends Query<MessagingReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: MessagingReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
