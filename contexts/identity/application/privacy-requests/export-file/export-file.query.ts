import { Query } from '@nestjs/cqrs';

/** The export ZIP of one of the caller's own requests. */
export class ExportFileQuery extends Query<Buffer> {
  constructor(
    readonly userId: string,
    readonly requestId: string,
  ) {
    super();
  }
}
