import { Query } from '@nestjs/cqrs';
import type { AuditVerification } from '../../contracts/index.js';

export class AuditCurrentVerificationQuery extends Query<AuditVerification | null> {}
