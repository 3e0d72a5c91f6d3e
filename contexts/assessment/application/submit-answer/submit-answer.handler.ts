import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId, type Clock } from '@portal/kernel';
import { actedAt, CATALOGUE, CLOCK, type CommandOutcome } from '@portal/platform';
import { questionsProgressOf, type CatalogueReader } from '@portal/learning/contracts';
import { answerOf, isNpsQuestion, normalizeQuestionId, NPS_QUESTION_IDS, type AnswerResult, type AnswerSubmitted } from '../../contracts/index.js';
import { fieldError, teachingEntries } from '../../domain/index.js';
import { requireStationAccess } from '../shared/access.js';
import { AnswerSheets } from '../shared/answer-sheets.js';
import { RecommendationsService } from '../shared/recommendations.service.js';
import { correctIdsOf, questionFacts } from '../shared/views.js';
import { placeAnswer } from './placement.js';
import { teachingCatalogueOf } from './teaching-catalogue.js';
import { SubmitAnswerCommand } from './submit-answer.command.js';

/**
 * POST /user-store/answer: finds the question's current revision (and its follow-up's), where
 * it is asked and what teaches it, lets the learner's answer sheet decide (the option and the
 * follow-up are checked there only) (one stream per learner: AnswerSubmitted,
 * NpsAnswered for AV1/AV2, RecommendationsUpdated, in one append), then pushes the new
 * recommendations to the learner's open tabs. isCorrect and score never come from the client.
 */
@CommandHandler(SubmitAnswerCommand)
export class SubmitAnswerHandler implements ICommandHandler<SubmitAnswerCommand> {
  constructor(
    @Inject(AnswerSheets) private readonly sheets: AnswerSheets,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
    @Inject(RecommendationsService) private readonly recommendations: RecommendationsService,
  ) {}

  async execute({ principal, input, context }: SubmitAnswerCommand): Promise<CommandOutcome<AnswerResult>> {
    const actor = principal.userId;
    const questionId = normalizeQuestionId(input.questionId);
    let cat = await this.catalogue.model();
    // a pack imported a moment ago may not be in the read model yet
    if (!cat.questions.has(questionId)) cat = await this.catalogue.fresh();
    const q = cat.questions.get(questionId);
    if (!q) throw fieldError('questionId', 'unknown question');
    // the options and the follow-up are judged by the answer sheet's decider alone (ADR 0087)
    const follow = q.postAnswerQuestionId ? cat.questions.get(q.postAnswerQuestionId) : undefined;

    const place = placeAnswer(cat, questionId, input);
    if (place.stationId) requireStationAccess(cat, principal, place.stationId);

    const { before, events, state, result } = await this.sheets.execute(
      actor,
      {
        type: 'SubmitAnswer',
        data: {
          rowId: newId(),
          actor,
          question: questionFacts(q, q.revision),
          followUp: follow ? questionFacts(follow, follow.revision) : null,
          postQuestionId: input.postQuestionId ? normalizeQuestionId(input.postQuestionId) : null,
          answerId: input.answerId,
          postAnswerId: input.postAnswerId ?? null,
          secondsToAnswer: input.secondsToAnswer,
          context: place.context,
          stationId: place.stationId,
          entryId: place.entryId,
          teaching: { recommendationId: newId(), entryIds: teachingEntries(teachingCatalogueOf(cat), questionId, place.stationId) },
          // an answer given offline was given at its client time (ADR 0093)
          now: actedAt(context, this.clock.now()),
        },
      },
      context,
    );
    const submitted = events.find((e): e is AnswerSubmitted => e.type === 'AnswerSubmitted')!.data;
    const checkpoint = result?.checkpoint ?? null;
    // after the response is built: open tabs refetch (never fails the answer)
    void this.recommendations.pushAfterAnswer(actor, before.recommendations, state.recommendations, checkpoint);

    const station = submitted.stationId && !submitted.entryId ? cat.stations.get(submitted.stationId) : undefined;
    const nps = isNpsQuestion(questionId);
    return {
      value: {
        answer: answerOf(submitted),
        result: submitted.isCorrect ? 'correct' : 'incorrect',
        points: submitted.points,
        canRetry: q.allowRetry,
        correctAnswerIds: correctIdsOf(q, submitted.isCorrect),
        questionsProgress: station ? questionsProgressOf(station.questions, state.answers) : null,
        nextNpsQuestionId: nps && questionId === NPS_QUESTION_IDS[0] && !state.answers.has(NPS_QUESTION_IDS[1]) ? NPS_QUESTION_IDS[1] : null,
      },
      checkpoint,
    };
  }
}
