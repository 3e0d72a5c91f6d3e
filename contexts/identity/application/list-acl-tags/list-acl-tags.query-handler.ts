import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE } from '@portal/platform';
import type { CatalogueReader } from '@portal/learning/contracts';
import type { z } from 'zod';
import type { aclTagOptionsResponseSchema } from '../../contracts/index.js';
import { requireManagerArea } from '../shared/manager-access.js';
import { catalogueTags } from '../shared/manager-lookups.js';
import { ListAclTagsQuery } from './list-acl-tags.query.js';

/** GET /adminApi/manager-reports-lookups/acl-tags-options: the catalogue's ACL tags (report filters). */
@QueryHandler(ListAclTagsQuery)
export class ListAclTagsHandler implements IQueryHandler<ListAclTagsQuery> {
  constructor(@Inject(CATALOGUE) private readonly catalogue: CatalogueReader) {}

  async execute({ principal }: ListAclTagsQuery): Promise<z.infer<typeof aclTagOptionsResponseSchema>> {
    requireManagerArea(principal);
    return catalogueTags(await this.catalogue.model()).map((tag) => ({ value: tag, label: tag }));
  }
}
