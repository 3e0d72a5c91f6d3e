import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { actorOf, AppError } from '@portal/kernel';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, CurrentRequest, GuestOrUser, PROJECTIONS, ZodBody, ZodParams, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { surveyAnswers } from '@portal/projection-answers';
import type { z } from 'zod';
import { surveyAnswerRequestSchema, surveyCountryParamsSchema, surveyParamsSchema } from '../../contracts/index.js';
import { AssessmentContentService } from '../shared/content.service.js';
import { waitForReads } from '../shared/reads.js';
import { questionView } from '../shared/views.js';
import { AnswerSurveyCommand } from './answer-survey.command.js';

type Reply = { header(name: string, value: string): unknown };

/**
 * Public surveys (000 §2.1 /public/survey/:country?/:detail?, §7 GET/POST /survey/{country}/{surveyPath}):
 * guests with x-guest-id, or signed-in users (bearer; any registration state, 000 §6).
 */
@Controller('survey')
export class SurveysController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(AssessmentContentService) private readonly content: AssessmentContentService,
  ) {}

  @Get(':country')
  @GuestOrUser()
  list(@ZodParams(surveyCountryParamsSchema) p: z.infer<typeof surveyCountryParamsSchema>) {
    return this.content.surveysOf(p.country).map((s) => ({ surveyId: s.surveyId, country: s.country, surveyPath: s.surveyPath, title: s.title, description: s.description }));
  }

  @Get(':country/:surveyPath')
  @GuestOrUser()
  async view(@ZodParams(surveyParamsSchema) p: z.infer<typeof surveyParamsSchema>, @CurrentRequest() req: PortalRequest) {
    const survey = this.content.survey(p.country, p.surveyPath);
    if (!survey) throw new AppError('404');
    await waitForReads(this.projections, req, ['answers']);
    const answers = await surveyAnswers(this.projections.reader('answers'), survey.surveyId, actorOf(req.principal!));
    const answered = new Set(answers.map((a) => a.questionId));
    const next = survey.questions.find((q) => !answered.has(q.questionId))?.questionId ?? null;
    return {
      surveyId: survey.surveyId,
      country: survey.country,
      surveyPath: survey.surveyPath,
      title: survey.title,
      description: survey.description,
      questions: survey.questions.map((q) => questionView(q, 0)),
      answers,
      nextQuestionId: next,
      completed: next === null,
    };
  }

  @Post(':country/:surveyPath')
  @HttpCode(201)
  @GuestOrUser()
  async answer(
    @ZodParams(surveyParamsSchema) p: z.infer<typeof surveyParamsSchema>,
    @ZodBody(surveyAnswerRequestSchema) body: z.infer<typeof surveyAnswerRequestSchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    const outcome = await this.commands.execute(new AnswerSurveyCommand(req.principal!, p.country, p.surveyPath, body, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
