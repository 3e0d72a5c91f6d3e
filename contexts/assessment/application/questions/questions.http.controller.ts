import { Controller, Get, Inject } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import { Authorized, CATALOGUE, CurrentRequest, PROJECTIONS, requireUser, ZodParams, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { answersByQuestion } from '@portal/projection-answers';
import { questionsProgressOf, type CatalogueModel, type CatalogueReader } from '@portal/learning/contracts';
import type { z } from 'zod';
import { entryQuestionsParamsSchema, NPS_QUESTION_IDS, stationQuestionsParamsSchema, type QuestionSet, type QuestionState } from '../../contracts/index.js';
import { requireStationAccess } from '../shared/access.js';
import { waitForReads } from '../shared/reads.js';
import { nextUnanswered, questionState } from '../shared/views.js';

/** What the question overlay (000 §4.4) and the NPS panel (000 §4.8) load. Honour x-min-position. */
@Controller('questions')
export class QuestionsController {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  private async states(cat: CatalogueModel, actor: string, ids: string[]) {
    const follows = ids.map((id) => cat.questions.get(id)?.postAnswerQuestionId).filter((x): x is string => !!x);
    const answers = await answersByQuestion(this.projections.reader('answers'), actor, [...ids, ...follows]);
    const states = ids.map((id) => questionState(cat, id, answers)).filter((s): s is QuestionState => s !== null);
    return { answers, states };
  }

  @Get('station/:stationId')
  @Authorized()
  async station(@ZodParams(stationQuestionsParamsSchema) p: z.infer<typeof stationQuestionsParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<QuestionSet> {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['answers']);
    const cat = await this.catalogue.model();
    requireStationAccess(cat, user, p.stationId);
    const station = cat.stations.get(p.stationId)!;
    const ids = station.questions?.questionIds ?? [];
    const { answers, states } = await this.states(cat, user.userId, ids);
    return {
      scope: 'station',
      stationId: station.stationId,
      entryId: null,
      questions: states,
      progress: questionsProgressOf(station.questions, answers),
      nextQuestionId: nextUnanswered(states.map((s) => s.question.questionId), (id) => answers.has(id)),
    };
  }

  @Get('entry/:entryId')
  @Authorized()
  async entry(@ZodParams(entryQuestionsParamsSchema) p: z.infer<typeof entryQuestionsParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<QuestionSet> {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['answers']);
    const cat = await this.catalogue.model();
    const found = cat.entries.get(p.entryId);
    if (!found) throw new AppError('404');
    requireStationAccess(cat, user, found.stationId);
    const { answers, states } = await this.states(cat, user.userId, found.entry.questionsIds);
    return {
      scope: 'entry',
      stationId: found.stationId,
      entryId: p.entryId,
      questions: states,
      progress: null,
      nextQuestionId: nextUnanswered(states.map((s) => s.question.questionId), (id) => answers.has(id)),
    };
  }

  @Get('nps')
  @Authorized()
  async nps(@CurrentRequest() req: PortalRequest) {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['answers']);
    const cat = await this.catalogue.model();
    const { answers, states } = await this.states(cat, user.userId, [...NPS_QUESTION_IDS]);
    const next = states.map((s) => s.question.questionId).find((id) => !answers.has(id)) ?? null;
    return { questions: states, nextQuestionId: next, completed: states.length > 0 && next === null };
  }
}
