import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { ExpertAssignment } from '../../contracts/index.js';

export class ListExpertsQuery extends Query<{ experts: ExpertAssignment[] }> {
  constructor(
    readonly themeId: string | undefined,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
