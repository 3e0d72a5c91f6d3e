import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listReferenceItems } from '@portal/projection-companies';
import type { z } from 'zod';
import { REFERENCE_LISTS, type ReferenceItem, type ReferenceList, type referenceDataResponseSchema } from '../../contracts/index.js';
import { GetReferenceDataQuery } from './get-reference-data.query.js';

/** GET /manage-users/reference-data: every list with every item (retired ones flagged), for the reference data screen. */
@QueryHandler(GetReferenceDataQuery)
export class GetReferenceDataHandler implements IQueryHandler<GetReferenceDataQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ req }: GetReferenceDataQuery): Promise<z.infer<typeof referenceDataResponseSchema>> {
    await waitForReads(this.projections, req, ['companies']);
    const lists = Object.fromEntries(REFERENCE_LISTS.map((list) => [list, [] as ReferenceItem[]])) as Record<ReferenceList, ReferenceItem[]>;
    for (const item of await listReferenceItems(this.projections.reader('companies'), { includeRetired: true })) {
      lists[item.list]?.push(item);
    }
    return lists;
  }
}
