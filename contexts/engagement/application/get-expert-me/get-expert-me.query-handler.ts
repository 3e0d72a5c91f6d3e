import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { openQuestionsIn, questionsOfUser, themesOfExpert } from '@portal/projection-expert-questions';
import type { ExpertMe } from '../../contracts/index.js';
import { unseenAnswerIds } from '../shared/unseen-answers.js';
import { GetExpertMeQuery } from './get-expert-me.query.js';

/** The menu's facts: the caller's expert themes, the open questions waiting in them, the caller's unseen answers. */
@QueryHandler(GetExpertMeQuery)
export class GetExpertMeHandler implements IQueryHandler<GetExpertMeQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ userId, req }: GetExpertMeQuery): Promise<ExpertMe> {
    await waitForReads(this.projections, req, ['expert-questions', 'engagement']);
    const reader = this.projections.reader('expert-questions');
    const themeIds = await themesOfExpert(reader, userId);
    const [openInQueue, rows] = await Promise.all([openQuestionsIn(reader, themeIds), questionsOfUser(reader, userId)]);
    return { themeIds, openInQueue, unseenAnswers: (await unseenAnswerIds(this.projections, userId, rows)).size };
  }
}
