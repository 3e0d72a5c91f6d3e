import { defineReport, h, learnerFields } from '../report-definition.js';

/** One learner's current answer to one media question of one entry (the content's questions), with how many tries it took. */
export const stationContentAnswersReport = defineReport({
  name: 'station-content-answers',
  title: h('Respostas dos conteúdos das estações', 'Respuestas de los contenidos de las estaciones', 'Station content answers'),
  summary: 'Station content answers report (001 §2 stations-content-answers-report): media questions per learner and entry',
  access: 'reports',
  defaultSort: 'lastAnsweredAt',
  fields: [
    ...learnerFields,
    { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', nullable: true, sortable: true },
    { key: 'entryId', kind: 'text' },
    { key: 'entry', header: h('Conteúdo', 'Contenido', 'Entry'), kind: 'text', sortable: true },
    { key: 'question', header: h('Pergunta', 'Pregunta', 'Question'), kind: 'text', sortable: true },
    { key: 'answer', header: h('Resposta atual', 'Respuesta actual', 'Current answer'), kind: 'text' },
    { key: 'correct', header: h('Correta', 'Correcta', 'Correct'), kind: 'boolean', sortable: true },
    { key: 'score', header: h('Pontuação', 'Puntuación', 'Score'), kind: 'number', sortable: true },
    { key: 'attempts', header: h('Tentativas', 'Intentos', 'Attempts'), kind: 'number', int: true, sortable: true },
    { key: 'firstAnsweredAt', header: h('Primeira resposta', 'Primera respuesta', 'First answered'), kind: 'datetime', sortable: true },
    { key: 'lastAnsweredAt', header: h('Última resposta', 'Última respuesta', 'Last answered'), kind: 'datetime', sortable: true },
  ],
});
