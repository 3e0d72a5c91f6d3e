import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { CATALOGUE, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { QuestionSet } from '../../contracts/index.js';
import { requireStationAccess } from '../shared/access.js';
import { questionStates } from '../shared/question-states.js';
import { nextUnanswered } from '../shared/views.js';
import { EntryQuestionsQuery } from './entry-questions.query.js';
import { type CatalogueReader } from '@portal/learning/contracts';

/** What the question overlay (000 §4.4) loads for a content entry: unknown 404, its station not the learner's 403. */
@QueryHandler(EntryQuestionsQuery)
export class EntryQuestionsHandler implements IQueryHandler<EntryQuestionsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  async execute({ user, entryId, request }: EntryQuestionsQuery): Promise<QuestionSet> {
    await waitForReads(this.projections, request, ['answers']);
    const cat = await this.catalogue.model();
    const found = cat.entries.get(entryId);
    if (!found) throw new AppError('404');
    requireStationAccess(cat, user, found.stationId);
    const { answers, states } = await questionStates(this.projections, cat, user.userId, found.entry.questionsIds);
    return {
      scope: 'entry',
      stationId: found.stationId,
      entryId,
      questions: states,
      progress: null,
      nextQuestionId: nextUnanswered(states.map((s) => s.question.questionId), (id) => answers.has(id)),
    };
  }
}
