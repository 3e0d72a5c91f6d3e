import { Inject, Injectable } from '@nestjs/common';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { AppError, newId, type Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, loadState, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findQuiz } from '@portal/projection-events-quizzes';
import { quizStream, type Quiz, type QuizBody, type QuizDefinition } from '../../contracts/index.js';
import { quizDecider, type QuizCommand } from '../../domain/index.js';
import { QUIZZES } from './event-reads.js';

/** A quiz as sent, with ids for new questions and alternatives (kept ids keep their answers' meaning). */
export const toQuizDefinition = (body: QuizBody): QuizDefinition => ({
  title: body.title,
  description: body.description,
  questions: body.questions.map((q) => ({
    questionId: q.questionId ?? newId(),
    type: q.type,
    language: q.language,
    description: q.description,
    score: q.type === 'open' ? q.score : 0,
    alternatives: q.alternatives.map((a) => ({ alternativeId: a.alternativeId ?? newId(), description: a.description, prefix: a.prefix, correct: a.correct, score: a.score })),
  })),
});

/** The quiz streams (events.quiz-<id>): changes by tc_admin, and the definition the event decisions need. */
@Injectable()
export class QuizStore {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async change(quizId: string, command: (now: string, by: string) => QuizCommand, context: AppendContext): Promise<Checkpoint | null> {
    const { result } = await handleCommand(this.store, quizStream(quizId), quizDecider, command(this.clock.now().toISOString(), context.actor), context);
    return result?.checkpoint ?? null;
  }

  /** The quiz list's row once the read model applied `checkpoint`. */
  async viewAfter(quizId: string, checkpoint: Checkpoint | null): Promise<Quiz> {
    if (checkpoint) await this.projections.waitForAll([QUIZZES], checkpoint);
    const quiz = await findQuiz(this.projections.reader(QUIZZES), quizId);
    if (!quiz) throw new AppError('404');
    return quiz;
  }

  /** A quiz that is not deleted, from its stream, or 404. */
  async active(quizId: string): Promise<QuizDefinition> {
    const { state } = await loadState(this.store, quizStream(quizId), quizDecider);
    if (state.status !== 'active' || !state.definition) throw new AppError('404');
    return state.definition;
  }
}
