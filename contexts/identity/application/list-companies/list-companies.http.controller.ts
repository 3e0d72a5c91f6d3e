import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { companyListQuerySchema, type Company } from '../../contracts/index.js';
import { ListCompaniesQuery } from './list-companies.query.js';

/** Managers with a scope (manage_all_companies, or company staff with manage_companies_users); 403 for the others. */
@Controller('manage-users')
export class ListCompaniesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('company-list')
  @Authorized()
  list(@ZodQuery(companyListQuerySchema) query: { text?: string }, @CurrentRequest() req: PortalRequest): Promise<Company[]> {
    return this.queries.execute(new ListCompaniesQuery(requireUser(req.principal), query.text, req));
  }
}
