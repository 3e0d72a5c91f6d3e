import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { foldText, listReferenceItems } from '@portal/projection-companies';
import { requireManagerArea } from '../shared/manager-access.js';
import { referenceOptionOf } from '../shared/manager-lookups.js';
import { ListReferenceOptionsQuery, type ReferenceOptions } from './list-reference-options.query.js';

/** The active options of reference lists, labelled in the asked locale, in the order they were added. */
@QueryHandler(ListReferenceOptionsQuery)
export class ListReferenceOptionsHandler implements IQueryHandler<ListReferenceOptionsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal, lists, lang, filter, req }: ListReferenceOptionsQuery): Promise<ReferenceOptions> {
    requireManagerArea(principal);
    await waitForReads(this.projections, req, ['companies']);
    const items = await listReferenceItems(this.projections.reader('companies'), { lists });
    const text = filter.text ? foldText(filter.text) : '';
    const options: ReferenceOptions = Object.fromEntries(lists.map((list) => [list, []]));
    for (const item of items) {
      if (filter.group && item.parentId !== filter.group) continue;
      const option = referenceOptionOf(item, lang);
      if (text && !foldText(option.label).includes(text)) continue;
      options[item.list]!.push(option);
    }
    return options;
  }
}
