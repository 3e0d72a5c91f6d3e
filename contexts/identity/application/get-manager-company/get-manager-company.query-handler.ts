import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findCompany } from '@portal/projection-companies';
import type { Company } from '../../contracts/index.js';
import { requireManagerArea } from '../shared/manager-access.js';
import { GetManagerCompanyQuery } from './get-manager-company.query.js';

/** GET /manage-users/manager-company: the caller's own company (404 when they have none). */
@QueryHandler(GetManagerCompanyQuery)
export class GetManagerCompanyHandler implements IQueryHandler<GetManagerCompanyQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal, req }: GetManagerCompanyQuery): Promise<Company> {
    requireManagerArea(principal);
    if (!principal.companyId) throw new AppError('404');
    await waitForReads(this.projections, req, ['companies']);
    const company = await findCompany(this.projections.reader('companies'), principal.companyId);
    if (!company) throw new AppError('404');
    return company;
  }
}
