import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ManagerDashboard } from '../../contracts/index.js';

export class GetManagerDashboardQuery extends Query<ManagerDashboard> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    /** the company asked for; undefined: the caller's own */
    readonly companyId: string | undefined,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
