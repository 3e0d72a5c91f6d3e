import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { FeedPage, Playlist } from '../../contracts/index.js';

/** GET /feed/:playlist (000 §4.12): one page of a playlist. */
export class GetFeedQuery extends Query<FeedPage> {
  constructor(
    readonly principal: Principal,
    readonly playlist: Playlist,
    readonly options: { area?: string | undefined; offset: number; limit?: number | undefined; tz?: string | undefined },
    readonly request: PortalRequest,
  ) {
    super();
  }
}
