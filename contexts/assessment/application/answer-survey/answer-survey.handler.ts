import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actorOf, AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { actedAt, CLOCK, EVENT_STORE, handleCommand } from '@portal/platform';
import { surveyStream } from '../../contracts/index.js';
import { fieldError, surveyDecider } from '../../domain/index.js';
import { AssessmentContentService } from '../shared/content.service.js';
import { questionFacts } from '../shared/views.js';
import { AnswerSurveyCommand } from './answer-survey.command.js';

/** POST /survey/{country}/{surveyPath}: one answer of a user or a guest (x-guest-id) to a public survey. */
@CommandHandler(AnswerSurveyCommand)
export class AnswerSurveyHandler implements ICommandHandler<AnswerSurveyCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AssessmentContentService) private readonly content: AssessmentContentService,
  ) {}

  async execute({ principal, country, surveyPath, input, context }: AnswerSurveyCommand) {
    const survey = this.content.survey(country, surveyPath);
    if (!survey) throw new AppError('404');
    const question = survey.questions.find((q) => q.questionId === input.questionId);
    if (!question) throw fieldError('questionId', 'not a question of this survey');
    const actor = actorOf(principal);
    const { events, state, result } = await handleCommand(
      this.store,
      surveyStream(survey.surveyId, actor),
      surveyDecider,
      {
        type: 'AnswerSurvey',
        data: {
          survey: { surveyId: survey.surveyId, country: survey.country, surveyPath: survey.surveyPath, version: this.content.content.version },
          actor,
          question: questionFacts(question, 0),
          answerId: input.answerId,
          secondsToAnswer: input.secondsToAnswer,
          context: input.context,
          now: actedAt(context, this.clock.now()),
        },
      },
      context,
    );
    const answered = events[0]!.data;
    const next = survey.questions.find((q) => !state.answered.has(q.questionId))?.questionId ?? null;
    return {
      value: { surveyId: survey.surveyId, questionId: answered.questionId, answerId: answered.answerId, answeredAt: answered.answeredAt, nextQuestionId: next, completed: next === null },
      checkpoint: result?.checkpoint ?? null,
    };
  }
}
