import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listReferenceItems } from '@portal/projection-companies';
import type { ExpertThemeOption } from '../../contracts/index.js';
import { pick } from '../shared/localized.js';
import { ListExpertThemesQuery } from './list-expert-themes.query.js';

/** The active expert themes with their active sub-themes, in the reference lists' order (identity's `companies` read model, ADR 0051). */
@QueryHandler(ListExpertThemesQuery)
export class ListExpertThemesHandler implements IQueryHandler<ListExpertThemesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ lang, req }: ListExpertThemesQuery): Promise<ExpertThemeOption[]> {
    await waitForReads(this.projections, req, ['companies']);
    const items = await listReferenceItems(this.projections.reader('companies'), { lists: ['expertThemes', 'expertSubThemes'] });
    const subThemes = items.filter((i) => i.list === 'expertSubThemes');
    return items
      .filter((i) => i.list === 'expertThemes')
      .map((theme) => ({
        value: theme.itemId,
        label: pick(theme.labels, lang),
        subThemes: subThemes.filter((s) => s.parentId === theme.itemId).map((s) => ({ value: s.itemId, label: pick(s.labels, lang) })),
      }));
  }
}
