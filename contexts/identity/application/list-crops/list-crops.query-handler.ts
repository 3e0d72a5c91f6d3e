import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE } from '@portal/platform';
import type { CatalogueReader } from '@portal/learning/contracts';
import type { z } from 'zod';
import type { cropOptionsResponseSchema } from '../../contracts/index.js';
import { requireManagerArea } from '../shared/manager-access.js';
import { labelIn } from '../shared/manager-lookups.js';
import { ListCropsQuery } from './list-crops.query.js';

/**
 * GET /manage-users/crops: the catalogue's top stations (crops, trails, libraries...), active, in
 * catalogue order: the keys of allowedStations a manager may grant (a top station opens its children).
 */
@QueryHandler(ListCropsQuery)
export class ListCropsHandler implements IQueryHandler<ListCropsQuery> {
  constructor(@Inject(CATALOGUE) private readonly catalogue: CatalogueReader) {}

  async execute({ principal, lang }: ListCropsQuery): Promise<z.infer<typeof cropOptionsResponseSchema>> {
    requireManagerArea(principal);
    const model = await this.catalogue.model();
    return model.ordered
      .map((id) => model.stations.get(id)!)
      .filter((s) => s.isActive && !s.parent)
      .map((s) => ({ value: s.stationId, label: labelIn(s.title, lang), countries: s.countries }));
  }
}
