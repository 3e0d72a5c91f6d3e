import { Controller, Get, Header, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import { codeQuerySchema, eventIdParamsSchema, type RotatingCode } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { GetRotatingCodeQuery } from './get-rotating-code.query.js';

type CodeQuery = ReturnType<typeof codeQuerySchema.parse>;

/** The staff screen: tc_admin and tc_manager. */
@Controller('scheduledEvents')
export class GetRotatingCodeController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id/code')
  @Header('cache-control', 'no-store')
  @EventsArea('staff')
  code(@ZodParams(eventIdParamsSchema) params: { id: string }, @ZodQuery(codeQuerySchema) query: CodeQuery, @CurrentRequest() req: PortalRequest): Promise<RotatingCode> {
    return this.queries.execute(new GetRotatingCodeQuery(params.id, query.action, req));
  }
}
