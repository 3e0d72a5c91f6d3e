import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, Public, type PortalRequest } from '@portal/platform';
import { GetScormPlayerQuery, type ScormPlayerSettings } from './get-scorm-player.query.js';

/** GET /scorms/player (ADR 0084): public, nothing personal; guests play SCORM packages too (without saving). */
@Controller()
export class GetScormPlayerController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('scorms/player')
  @Public()
  player(@CurrentRequest() req: PortalRequest): Promise<ScormPlayerSettings> {
    return this.queries.execute(new GetScormPlayerQuery(typeof req.headers.host === 'string' ? req.headers.host : undefined));
  }
}
