import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { questionsOfUser } from '@portal/projection-expert-questions';
import type { MyExpertQuestions } from '../../contracts/index.js';
import { expertQuestionView } from '../shared/expert-views.js';
import { unseenAnswerIds } from '../shared/unseen-answers.js';
import { ListMyExpertQuestionsQuery } from './list-my-expert-questions.query.js';

/** The caller's questions, newest first, each answer flagged while the learner has not seen it. */
@QueryHandler(ListMyExpertQuestionsQuery)
export class ListMyExpertQuestionsHandler implements IQueryHandler<ListMyExpertQuestionsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal: user, lang, req }: ListMyExpertQuestionsQuery): Promise<MyExpertQuestions> {
    await waitForReads(this.projections, req, ['expert-questions', 'engagement']);
    const rows = await questionsOfUser(this.projections.reader('expert-questions'), user.userId);
    const unseen = await unseenAnswerIds(this.projections, user.userId, rows);
    return { items: rows.map((r) => ({ ...expertQuestionView(r, lang), unseen: unseen.has(r.questionId) })), unseenAnswers: unseen.size };
  }
}
