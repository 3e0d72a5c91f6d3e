import { Query } from '@nestjs/cqrs';
import type { Locale, Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ScormContent } from '../shared/scorm.js';

/** GET /user-store/scorm-content/:id: the run-time data a package resumes from. */
export class GetScormContentQuery extends Query<ScormContent> {
  constructor(
    readonly principal: Principal,
    readonly scormId: string,
    readonly request: PortalRequest,
    /** the package of this locale (a locale's package may differ) */
    readonly lang: Locale = 'pt-BR',
  ) {
    super();
  }
}
