import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { PodcastDownloadsReportPage, PodcastDownloadsReportQuery } from '../../contracts/index.js';

export class GetPodcastDownloadsReportQuery extends Query<PodcastDownloadsReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: PodcastDownloadsReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
