import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { auditedPrivacyPageSchema } from '../../../contracts/index.js';

/** The auditor's list: who asked, when it was honoured, the proof; ids only, no personal data. */
export class AuditedRequestsQuery extends Query<z.infer<typeof auditedPrivacyPageSchema>> {
  constructor(readonly req: PortalRequest) {
    super();
  }
}
