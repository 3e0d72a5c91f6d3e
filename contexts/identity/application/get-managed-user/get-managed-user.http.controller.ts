import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import { userParamsSchema, type ManagedUser } from '../../contracts/index.js';
import { GetManagedUserQuery } from './get-managed-user.query.js';

/** Signed-in users; the handler answers 403 outside the manager scope and 404 for a user out of it. */
@Controller('manage-users')
export class GetManagedUserController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('user/:userId')
  @Authorized()
  get(@ZodParams(userParamsSchema) params: { userId: string }, @CurrentRequest() req: PortalRequest): Promise<ManagedUser> {
    return this.queries.execute(new GetManagedUserQuery(params.userId, req));
  }
}
