import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { userFindQuerySchema, type UserFindFilter, type UserPage } from '../../contracts/index.js';
import { FindUsersQuery } from './find-users.query.js';

/**
 * Signed-in users; the handler answers 403 outside the manager scope (manage_companies_users with
 * a company and a company role, or manage_all_companies): the rule is managerScope's.
 */
@Controller('manage-users')
export class FindUsersController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('find')
  @Authorized()
  find(@ZodQuery(userFindQuerySchema) query: UserFindFilter, @CurrentRequest() req: PortalRequest): Promise<UserPage> {
    return this.queries.execute(new FindUsersQuery(query, req));
  }
}
