import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { QuizDefinition, QuizEvent } from '../contracts/events.js';
import { quizDecider, type QuizCommand } from './quiz.js';

const spec = deciderSpec<ReturnType<typeof quizDecider.initial>, QuizCommand, QuizEvent>(quizDecider);
const NOW = '2026-12-01T12:00:00.000Z';
const quiz = (title = 'Quiz'): QuizDefinition => ({
  title,
  description: 'Sobre o dia de campo',
  questions: [{ questionId: 'q1', type: 'open', language: 'pt-BR', description: 'O que aprendeu?', score: 5, alternatives: [] }],
});
const created: QuizEvent = { type: 'QuizCreated', data: { quizId: 'qz', ...quiz(), createdAt: NOW, by: 'admin' } };
const deleted: QuizEvent = { type: 'QuizDeleted', data: { quizId: 'qz', deletedAt: NOW, by: 'admin' } };

describe('quiz definitions', () => {
  it('creates, and a retried creation changes nothing', () => {
    spec.given([]).when({ type: 'CreateQuiz', data: { quizId: 'qz', definition: quiz(), now: NOW, by: 'admin' } }).then([created]);
    spec.given([created]).when({ type: 'CreateQuiz', data: { quizId: 'qz', definition: quiz(), now: NOW, by: 'admin' } }).thenNothing();
  });

  it('updates with the whole definition; the same definition changes nothing', () => {
    spec.given([created]).when({ type: 'UpdateQuiz', data: { definition: quiz('Novo'), now: NOW, by: 'admin' } }).then([{ type: 'QuizUpdated', data: { quizId: 'qz', ...quiz('Novo'), updatedAt: NOW, by: 'admin' } }]);
    spec.given([created]).when({ type: 'UpdateQuiz', data: { definition: quiz(), now: NOW, by: 'admin' } }).thenNothing();
  });

  it('deletes once; a deleted or unknown quiz is not found for changes', () => {
    spec.given([created]).when({ type: 'DeleteQuiz', data: { now: NOW, by: 'admin' } }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteQuiz', data: { now: NOW, by: 'admin' } }).thenNothing();
    spec.given([created, deleted]).when({ type: 'UpdateQuiz', data: { definition: quiz('Novo'), now: NOW, by: 'admin' } }).thenThrows('404');
    spec.given([]).when({ type: 'DeleteQuiz', data: { now: NOW, by: 'admin' } }).thenThrows('404');
  });
});
