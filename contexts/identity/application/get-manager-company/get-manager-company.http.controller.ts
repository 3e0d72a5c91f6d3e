import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { Company } from '../../contracts/index.js';
import { GetManagerCompanyQuery } from './get-manager-company.query.js';

/** Company staff with a company, or manage_all_companies holders (ADR 0051). */
@Controller('manage-users')
export class GetManagerCompanyController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('manager-company')
  @Authorized()
  managerCompany(@CurrentRequest() req: PortalRequest): Promise<Company> {
    return this.queries.execute(new GetManagerCompanyQuery(requireUser(req.principal), req));
  }
}
