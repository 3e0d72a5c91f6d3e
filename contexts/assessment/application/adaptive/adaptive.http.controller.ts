import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, Authorized, CATALOGUE, CurrentRequest, PROJECTIONS, requireUser, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { answersByQuestion } from '@portal/projection-answers';
import { pageTo, questionsProgressOf, stationAccess, type CatalogueReader } from '@portal/learning/contracts';
import { recommendationsOf } from '@portal/projection-recommendations';
import type { z } from 'zod';
import { learningQuerySchema, setVisitedParamsSchema, type LearningState, type QuestionState } from '../../contracts/index.js';
import { AssessmentContentService } from '../shared/content.service.js';
import { RecommendationsService } from '../shared/recommendations.service.js';
import { waitForReads } from '../shared/reads.js';
import { questionState } from '../shared/views.js';
import { VisitRecommendationCommand } from './visit-recommendation.command.js';

type Reply = { header(name: string, value: string): unknown };

/**
 * Adaptive learning (000 §2.1 /learning, /learning/questions, /learning/questions/recommendations;
 * §4.3; §7 GET /adaptive/recommendations, POST /adaptive/setVisited/{id}). The track's detail items
 * are the stations listed in content/assessment.json that the learner may open and that ask questions.
 */
@Controller('adaptive')
export class AdaptiveController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
    @Inject(AssessmentContentService) private readonly content: AssessmentContentService,
    @Inject(RecommendationsService) private readonly recommendations: RecommendationsService,
  ) {}

  @Get('learning')
  @Authorized()
  async learning(@ZodQuery(learningQuerySchema) q: z.infer<typeof learningQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<LearningState> {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['answers', 'recommendations']);
    const cat = await this.catalogue.model();
    const track = this.content.content.adaptiveLearning;
    const stations = track.stationIds
      .map((id) => cat.stations.get(id))
      .filter((s): s is NonNullable<typeof s> => !!s && stationAccess(cat, user, s.stationId) === 'allowed' && !!s.questions && !s.questions.inactive && s.questions.questionIds.length > 0);
    const allIds = stations.flatMap((s) => s.questions!.questionIds);
    const answers = await answersByQuestion(this.projections.reader('answers'), user.userId, [
      ...allIds,
      ...allIds.map((id) => cat.questions.get(id)?.postAnswerQuestionId).filter((x): x is string => !!x),
    ]);
    const items = stations.map((s) => {
      const ids = s.questions!.questionIds;
      const answered = ids.filter((id) => answers.has(id));
      return { stationId: s.stationId, title: s.title, to: pageTo(cat, s.stationId), total: ids.length, answered: answered.length, correct: answered.filter((id) => answers.get(id)!.isCorrect).length };
    });
    // 000 §4.3: only ids in the lists are accepted; otherwise the first detail item, the first unanswered question
    const active = stations.find((s) => s.stationId === q.stationId) ?? stations[0] ?? null;
    const questions = active ? active.questions!.questionIds.map((id) => questionState(cat, id, answers)).filter((s): s is QuestionState => s !== null) : [];
    const ids = questions.map((s) => s.question.questionId);
    const activeQuestionId = (q.questionId && ids.includes(q.questionId) ? q.questionId : undefined) ?? ids.find((id) => !answers.has(id)) ?? ids[0] ?? null;
    const recs = await recommendationsOf(this.projections.reader('recommendations'), user.userId);
    return {
      title: track.title,
      description: track.description,
      items,
      activeStationId: active?.stationId ?? null,
      questions,
      activeQuestionId,
      progress: active ? questionsProgressOf(active.questions, answers) : null,
      pendingRecommendations: recs.filter((r) => r.visitedAt === null).length,
    };
  }

  @Get('recommendations')
  @Authorized()
  async list(@CurrentRequest() req: PortalRequest) {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['recommendations']);
    return this.recommendations.list(user.userId);
  }

  @Post('setVisited/:id')
  @HttpCode(200)
  @Authorized()
  async setVisited(@ZodParams(setVisitedParamsSchema) p: z.infer<typeof setVisitedParamsSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply) {
    const user = requireUser(req.principal);
    const outcome = await this.commands.execute(new VisitRecommendationCommand(user.userId, p.id, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
