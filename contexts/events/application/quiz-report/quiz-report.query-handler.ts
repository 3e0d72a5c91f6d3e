import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findQuiz } from '@portal/projection-events-quizzes';
import { quizTallies } from '@portal/projection-events-scheduled';
import type { QuizReport } from '../../contracts/index.js';
import { QUIZZES, SCHEDULED } from '../shared/event-reads.js';
import { QuizReportQuery } from './quiz-report.query.js';

/** A quiz's results per question and per alternative (a deleted quiz still reports the answers it got). */
@QueryHandler(QuizReportQuery)
export class QuizReportHandler implements IQueryHandler<QuizReportQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ quizId, eventId, req }: QuizReportQuery): Promise<QuizReport> {
    await waitForReads(this.projections, req, [SCHEDULED, QUIZZES]);
    const quiz = await findQuiz(this.projections.reader(QUIZZES), quizId, true);
    if (!quiz) throw new AppError('404');
    const tallies = await quizTallies(this.projections.reader(SCHEDULED), quizId, eventId ?? undefined);
    const questions = quiz.questions.map((q) => {
      const t = tallies.questions.get(q.questionId);
      const correctScores = q.alternatives.filter((a) => a.correct).map((a) => a.score);
      const maxScore = q.type === 'open' ? q.score : q.type === 'single' ? Math.max(0, ...correctScores) : correctScores.reduce((s, v) => s + v, 0);
      return {
        questionId: q.questionId,
        type: q.type,
        language: q.language,
        description: q.description,
        answers: t?.answers ?? 0,
        correct: t?.correct ?? 0,
        pending: t?.pending ?? 0,
        averageScore: t?.averageScore ?? null,
        maxScore,
        alternatives: q.alternatives.map((a) => ({ alternativeId: a.alternativeId, prefix: a.prefix, description: a.description, correct: a.correct, chosen: t?.chosen.get(a.alternativeId) ?? 0 })),
      };
    });
    return {
      quizId,
      title: quiz.title,
      eventId,
      answers: tallies.answers,
      averageScore: tallies.averageScore,
      maxScore: questions.reduce((s, q) => s + q.maxScore, 0),
      questions,
    };
  }
}
