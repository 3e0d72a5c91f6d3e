import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE } from '@portal/platform';
import type { CatalogueReader } from '@portal/learning/contracts';
import type { AclOptions } from '../../contracts/index.js';
import { grantableAccess } from '../../domain/index.js';
import { managerActorOf, requireManagerScope } from '../shared/manager-access.js';
import { catalogueTags } from '../shared/manager-lookups.js';
import { GetAclOptionsQuery } from './get-acl-options.query.js';

/** GET /manage-users/acl-options: the roles, permissions and ACL tags the caller may grant (grantableAccess). */
@QueryHandler(GetAclOptionsQuery)
export class GetAclOptionsHandler implements IQueryHandler<GetAclOptionsQuery> {
  constructor(@Inject(CATALOGUE) private readonly catalogue: CatalogueReader) {}

  async execute({ principal }: GetAclOptionsQuery): Promise<AclOptions> {
    requireManagerScope(principal);
    return grantableAccess(managerActorOf(principal), catalogueTags(await this.catalogue.model()));
  }
}
