import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized } from '@portal/platform';
import type { ProcessingInfo } from '../../../contracts/index.js';
import { ProcessingInfoQuery } from './processing-info.query.js';

@Controller('privacy/processing')
export class ProcessingInfoController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @Authorized({ allowIncomplete: true })
  info(): Promise<ProcessingInfo> {
    return this.queries.execute(new ProcessingInfoQuery());
  }
}
