import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import { userListParamsSchema, userListQuerySchema, type UserPage } from '../../contracts/index.js';
import { ListCompanyUsersQuery } from './list-company-users.query.js';

/** Signed-in users; the handler answers 403 outside the manager scope and 404 for a company out of it. */
@Controller('manage-users')
export class ListCompanyUsersController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('list/:companyId')
  @Authorized()
  list(
    @ZodParams(userListParamsSchema) params: { companyId: string },
    @ZodQuery(userListQuerySchema) page: ReturnType<typeof userListQuerySchema.parse>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<UserPage> {
    return this.queries.execute(new ListCompanyUsersQuery(params.companyId, page, req));
  }
}
