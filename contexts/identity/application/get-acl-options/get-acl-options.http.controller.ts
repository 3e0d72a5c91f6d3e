import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { AclOptions } from '../../contracts/index.js';
import { GetAclOptionsQuery } from './get-acl-options.query.js';

/** Managers with a scope (the ones who grant access); 403 for the others. */
@Controller('manage-users')
export class GetAclOptionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('acl-options')
  @Authorized()
  aclOptions(@CurrentRequest() req: PortalRequest): Promise<AclOptions> {
    return this.queries.execute(new GetAclOptionsQuery(requireUser(req.principal)));
  }
}
