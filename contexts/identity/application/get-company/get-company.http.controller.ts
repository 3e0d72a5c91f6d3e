import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodParams, type PortalRequest } from '@portal/platform';
import { companyIdParamsSchema, type Company } from '../../contracts/index.js';
import { GetCompanyQuery } from './get-company.query.js';

/** Managers with a scope; a company outside it answers 404. */
@Controller('manage-users')
export class GetCompanyController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('company/:id')
  @Authorized()
  company(@ZodParams(companyIdParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<Company> {
    return this.queries.execute(new GetCompanyQuery(requireUser(req.principal), params.id, req));
  }
}
