import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listCompanies } from '@portal/projection-companies';
import type { Company } from '../../contracts/index.js';
import { requireManagerScope } from '../shared/manager-access.js';
import { ListCompaniesQuery } from './list-companies.query.js';

/** GET /manage-users/company-list: every company with manage_all_companies, else only the manager's own. */
@QueryHandler(ListCompaniesQuery)
export class ListCompaniesHandler implements IQueryHandler<ListCompaniesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal, text, req }: ListCompaniesQuery): Promise<Company[]> {
    const scope = requireManagerScope(principal);
    await waitForReads(this.projections, req, ['companies']);
    return listCompanies(this.projections.reader('companies'), { ...(scope.kind === 'company' ? { companyId: scope.companyId } : {}), ...(text ? { text } : {}) });
  }
}
