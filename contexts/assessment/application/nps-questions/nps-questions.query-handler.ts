import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { NPS_QUESTION_IDS } from '../../contracts/index.js';
import { questionStates } from '../shared/question-states.js';
import { NpsQuestionsQuery } from './nps-questions.query.js';
import { type CatalogueReader } from '@portal/learning/contracts';

/** The NPS panel (000 §4.8): AV1 until answered, then AV2, then completed. */
@QueryHandler(NpsQuestionsQuery)
export class NpsQuestionsHandler implements IQueryHandler<NpsQuestionsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  async execute({ user, request }: NpsQuestionsQuery) {
    await waitForReads(this.projections, request, ['answers']);
    const cat = await this.catalogue.model();
    const { answers, states } = await questionStates(this.projections, cat, user.userId, [...NPS_QUESTION_IDS]);
    const next = states.map((s) => s.question.questionId).find((id) => !answers.has(id)) ?? null;
    return { questions: states, nextQuestionId: next, completed: states.length > 0 && next === null };
  }
}
