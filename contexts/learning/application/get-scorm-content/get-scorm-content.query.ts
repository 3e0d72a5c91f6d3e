import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ScormContent } from '../shared/scorm.js';

/** GET /user-store/scorm-content/:id: the run-time data a package resumes from. */
export class GetScormContentQuery extends Query<ScormContent> {
  constructor(
    readonly principal: Principal,
    readonly scormId: string,
    readonly request: PortalRequest,
  ) {
    super();
  }
}
