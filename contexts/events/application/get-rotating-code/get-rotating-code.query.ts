import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { RotatingCode, ScanActionName } from '../../contracts/index.js';

export class GetRotatingCodeQuery extends Query<RotatingCode> {
  constructor(
    readonly eventId: string,
    readonly action: ScanActionName,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
