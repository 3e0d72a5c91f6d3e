import { Query } from '@nestjs/cqrs';
import type { EventAudit } from '../../contracts/index.js';

export class AuditEventQuery extends Query<EventAudit> {
  constructor(readonly eventId: string) {
    super();
  }
}
