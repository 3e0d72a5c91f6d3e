import { Query } from '@nestjs/cqrs';
import type { AclOptions } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export class GetAclOptionsQuery extends Query<AclOptions> {
  constructor(readonly principal: UserPrincipal) {
    super();
  }
}
