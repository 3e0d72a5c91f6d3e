import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { QuestionSet } from '../../contracts/index.js';
import { requireStationAccess } from '../shared/access.js';
import { questionStates } from '../shared/question-states.js';
import { nextUnanswered } from '../shared/views.js';
import { StationQuestionsQuery } from './station-questions.query.js';
import { type CatalogueReader, questionsProgressOf } from '@portal/learning/contracts';

/** What the question overlay (000 §4.4) loads for a station: unknown or inactive 404, not the learner's 403. */
@QueryHandler(StationQuestionsQuery)
export class StationQuestionsHandler implements IQueryHandler<StationQuestionsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  async execute({ user, stationId, request }: StationQuestionsQuery): Promise<QuestionSet> {
    await waitForReads(this.projections, request, ['answers']);
    const cat = await this.catalogue.model();
    requireStationAccess(cat, user, stationId);
    const station = cat.stations.get(stationId)!;
    const ids = station.questions?.questionIds ?? [];
    const { answers, states } = await questionStates(this.projections, cat, user.userId, ids);
    return {
      scope: 'station',
      stationId: station.stationId,
      entryId: null,
      questions: states,
      progress: questionsProgressOf(station.questions, answers),
      nextQuestionId: nextUnanswered(states.map((s) => s.question.questionId), (id) => answers.has(id)),
    };
  }
}
