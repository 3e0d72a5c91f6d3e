import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';

export interface MaterialFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export class DownloadMaterialQuery extends Query<MaterialFile> {
  constructor(
    readonly materialId: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
