import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { viewedRowIds } from '@portal/projection-engagement';
import { ListUnviewedRowsQuery } from './list-unviewed-rows.query.js';

/** Which of these notification rows the caller has not seen. */
@QueryHandler(ListUnviewedRowsQuery)
export class ListUnviewedRowsHandler implements IQueryHandler<ListUnviewedRowsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ userId, rowIds, req }: ListUnviewedRowsQuery): Promise<{ rowIds: string[] }> {
    await waitForReads(this.projections, req, ['engagement']);
    const seen = await viewedRowIds(this.projections.reader('engagement'), userId, rowIds);
    return { rowIds: rowIds.filter((id) => !seen.has(id)) };
  }
}
