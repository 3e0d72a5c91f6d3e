import { Inject, Injectable } from '@nestjs/common';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { EVENT_STORE, StreamWriter, type DecisionOutcome } from '@portal/platform';
import { learnerStream, type LearnerAssessmentEvent } from '../../contracts/index.js';
import { answerSheetDecider, type AnswerSheetCommand, type AnswerSheetState } from '../../domain/index.js';

/**
 * The answer-sheet decider on learners' streams (ADR 0041), run by the one StreamWriter with the
 * hot path's options: the folded state of recently active learners stays in memory (an answer
 * costs one append instead of a read and an append) and one learner's commands queue in the
 * process. A stale cache (another instance wrote meanwhile) fails the append and the command is
 * decided again on the log.
 */
@Injectable()
export class AnswerSheets {
  private readonly writer: StreamWriter<AnswerSheetCommand, LearnerAssessmentEvent, AnswerSheetState>;

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.writer = new StreamWriter(store, answerSheetDecider, { cacheSize: 20_000, serialize: true, attempts: 16 });
  }

  execute(actor: string, command: AnswerSheetCommand, context: AppendContext): Promise<DecisionOutcome<LearnerAssessmentEvent, AnswerSheetState>> {
    return this.writer.execute(learnerStream(actor), command, context);
  }
}
