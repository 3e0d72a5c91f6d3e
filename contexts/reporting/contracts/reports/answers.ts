import type { Locale } from '@portal/kernel';
import type { AnswerContext } from '@portal/assessment/contracts/shapes';
import { defineReport, h, learnerFields } from '../report-definition.js';

/** Where an answer was given (assessment's ANSWER_CONTEXTS); a code added there without a label here fails the typecheck. */
const ANSWER_CONTEXT_LABELS = {
  station: h('Estação', 'Estación', 'Station'),
  media: h('Conteúdo', 'Contenido', 'Content'),
  nps: h('Avaliação do portal (NPS)', 'Valoración del portal (NPS)', 'Portal rating (NPS)'),
  adaptive_learning: h('Aprendizagem adaptativa', 'Aprendizaje adaptativo', 'Adaptive learning'),
  survey: h('Pesquisa', 'Encuesta', 'Survey'),
} as const satisfies Record<AnswerContext, Record<Locale, string>>;

/** One answer (000 §3 Answer): who, where, what was asked and answered, and how it was judged. Titles in the query's locale. */
export const answersReport = defineReport({
  name: 'answers',
  title: h('Relatório de respostas', 'Informe de respuestas', 'Answers report'),
  summary: 'Answers report (001 §2 answers-report)',
  access: 'reports',
  defaultSort: 'answeredAt',
  fields: [
    { key: 'rowId', kind: 'text' },
    ...learnerFields,
    { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', nullable: true, sortable: true },
    { key: 'entry', header: h('Conteúdo', 'Contenido', 'Entry'), kind: 'text', nullable: true, sortable: true },
    { key: 'question', header: h('Pergunta', 'Pregunta', 'Question'), kind: 'text', sortable: true },
    { key: 'answer', header: h('Resposta', 'Respuesta', 'Answer'), kind: 'text' },
    { key: 'correct', header: h('Correta', 'Correcta', 'Correct'), kind: 'boolean', sortable: true },
    { key: 'score', header: h('Pontuação', 'Puntuación', 'Score'), kind: 'number', sortable: true },
    { key: 'secondsToAnswer', header: h('Segundos para responder', 'Segundos para responder', 'Seconds to answer'), kind: 'number', sortable: true },
    { key: 'answeredAt', header: h('Respondida em', 'Respondida el', 'Answered at'), kind: 'datetime', sortable: true },
    { key: 'context', header: h('Contexto', 'Contexto', 'Context'), kind: 'text', sortable: true, values: ANSWER_CONTEXT_LABELS },
    { key: 'attempt', header: h('Tentativa', 'Intento', 'Attempt'), kind: 'number', int: true, sortable: true },
  ],
});
