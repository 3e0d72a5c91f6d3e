import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';

export class ListUnviewedRowsQuery extends Query<{ rowIds: string[] }> {
  constructor(
    readonly userId: string,
    readonly rowIds: string[],
    readonly req: PortalRequest,
  ) {
    super();
  }
}
