import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AppError, isUuid } from '@portal/kernel';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { userHistoryQuerySchema, type userHistoryResponseSchema } from '../../contracts/index.js';
import { GetUserHistoryQuery } from './get-user-history.query.js';

/** Auditors only. */
@Controller('audit/users')
export class GetUserHistoryController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':userId/history')
  @Authorized({ roles: ['auditor'] })
  history(@Param('userId') userId: string, @ZodQuery(userHistoryQuerySchema) q: z.infer<typeof userHistoryQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<z.infer<typeof userHistoryResponseSchema>> {
    if (!isUuid(userId)) throw new AppError('app/bed-request', 'Invalid user id', [{ path: 'userId', message: 'uuidNotEmpty' }]);
    return this.queries.execute(new GetUserHistoryQuery(userId, req, q.actionsBefore === undefined ? undefined : BigInt(q.actionsBefore)));
  }
}
