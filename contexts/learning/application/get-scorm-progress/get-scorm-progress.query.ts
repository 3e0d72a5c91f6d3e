import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ScormProgress } from '../shared/scorm.js';

/** GET /scorms/progress/:scormId. */
export class GetScormProgressQuery extends Query<ScormProgress> {
  constructor(
    readonly principal: Principal,
    readonly scormId: string,
    readonly request: PortalRequest,
  ) {
    super();
  }
}
