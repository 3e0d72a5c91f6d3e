import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, DEFAULT_LOCALE } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { expertQueue, themesOfExpert } from '@portal/projection-expert-questions';
import type { ExpertQueue } from '../../contracts/index.js';
import { expertQuestionView } from '../shared/expert-views.js';
import { ListExpertQueueQuery } from './list-expert-queue.query.js';

/**
 * The expert's queue: the questions of their themes (or one of them), unanswered first, one page.
 * Someone who answers no theme, or asks for a theme that is not theirs, is refused
 * (expert-not-assigned): the queue never shows another theme's questions.
 */
@QueryHandler(ListExpertQueueQuery)
export class ListExpertQueueHandler implements IQueryHandler<ListExpertQueueQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ userId, filter, req }: ListExpertQueueQuery): Promise<ExpertQueue> {
    await waitForReads(this.projections, req, ['expert-questions']);
    const reader = this.projections.reader('expert-questions');
    const mine = await themesOfExpert(reader, userId);
    if (mine.length === 0 || (filter.themeId && !mine.includes(filter.themeId))) throw new AppError('expert-not-assigned');
    const { total, rows } = await expertQueue(reader, { themeIds: filter.themeId ? [filter.themeId] : mine, status: filter.status }, { limit: filter.limit, offset: filter.offset });
    const lang = filter.lang ?? DEFAULT_LOCALE;
    return { total, items: rows.map((r) => expertQuestionView(r, lang)) };
  }
}
