import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import { contentOriginFor } from '../shared/content-origin.js';
import { GetScormPlayerQuery, type ScormPlayerSettings } from './get-scorm-player.query.js';

@QueryHandler(GetScormPlayerQuery)
export class GetScormPlayerHandler implements IQueryHandler<GetScormPlayerQuery> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ host }: GetScormPlayerQuery): Promise<ScormPlayerSettings> {
    return { contentOrigin: contentOriginFor(host, this.config) };
  }
}
