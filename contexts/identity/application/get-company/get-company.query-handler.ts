import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findCompany } from '@portal/projection-companies';
import type { Company } from '../../contracts/index.js';
import { inScope } from '../../domain/index.js';
import { requireManagerScope } from '../shared/manager-access.js';
import { GetCompanyQuery } from './get-company.query.js';

/** GET /manage-users/company/{id}: a company in the caller's scope; outside it 404, as an unknown one. */
@QueryHandler(GetCompanyQuery)
export class GetCompanyHandler implements IQueryHandler<GetCompanyQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal, companyId, req }: GetCompanyQuery): Promise<Company> {
    const scope = requireManagerScope(principal);
    if (!inScope(scope, companyId)) throw new AppError('404');
    await waitForReads(this.projections, req, ['companies']);
    const company = await findCompany(this.projections.reader('companies'), companyId);
    if (!company) throw new AppError('404');
    return company;
  }
}
