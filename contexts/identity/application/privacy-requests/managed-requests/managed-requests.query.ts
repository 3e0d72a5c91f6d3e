import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ManagedPrivacyPage, PrivacyRequestStatus } from '../../../contracts/index.js';
import type { UserPrincipal } from '../privacy-record.js';

/** The manager area's list of privacy requests, in the caller's scope (ADR 0092). */
export class ManagedRequestsQuery extends Query<ManagedPrivacyPage> {
  constructor(
    readonly principal: UserPrincipal,
    readonly filter: { status?: PrivacyRequestStatus | undefined; nearDeadline: boolean },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
