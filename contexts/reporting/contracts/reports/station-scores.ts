import { defineReport, h, learnerFields } from '../report-definition.js';

/**
 * One learner's score in one station (001 §3 station score record and score detail, ADR 0070):
 * answer score, its max and percent (null: the station's questions give no points); usability
 * score (the learner's 1-5 ratings of the station and its entries), its max (5 per rated item)
 * and percent (null: nothing rated); the score detail as scoring computes it for the station.
 */
export const stationScoresReport = defineReport({
  name: 'station-scores',
  title: h('Pontuações por estação', 'Puntuaciones por estación', 'Station scores'),
  summary: 'Station scores report (001 §2 stations-score-report): answer and usability scores and the score detail per learner and station',
  access: 'reports',
  defaultSort: 'lastActivityAt',
  fields: [
    ...learnerFields,
    { key: 'stationId', kind: 'text' },
    { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
    { key: 'answerScore', header: h('Pontuação das respostas', 'Puntuación de las respuestas', 'Answer score'), kind: 'number', sortable: true },
    { key: 'answerMax', header: h('Máximo das respostas', 'Máximo de las respuestas', 'Answer max'), kind: 'number', sortable: true },
    { key: 'answerPercent', header: h('% das respostas', '% de las respuestas', 'Answer %'), kind: 'number', nullable: true, sortable: true },
    { key: 'usabilityScore', header: h('Pontuação de usabilidade', 'Puntuación de usabilidad', 'Usability score'), kind: 'number', sortable: true },
    { key: 'usabilityMax', header: h('Máximo de usabilidade', 'Máximo de usabilidad', 'Usability max'), kind: 'number', sortable: true },
    { key: 'usabilityPercent', header: h('% de usabilidade', '% de usabilidad', 'Usability %'), kind: 'number', nullable: true, sortable: true },
    { key: 'npsScore', header: h('Pontuação NPS', 'Puntuación NPS', 'NPS score'), kind: 'number' },
    { key: 'questionsScore', header: h('Pontuação das perguntas', 'Puntuación de las preguntas', 'Questions score'), kind: 'number', sortable: true },
    { key: 'videosScore', header: h('Pontuação dos vídeos', 'Puntuación de los videos', 'Videos score'), kind: 'number', sortable: true },
    { key: 'videosAnswersScore', header: h('Pontuação das perguntas dos vídeos', 'Puntuación de las preguntas de los videos', 'Video answers score'), kind: 'number', sortable: true },
    { key: 'othersScore', header: h('Outras pontuações', 'Otras puntuaciones', 'Others score'), kind: 'number', sortable: true },
    { key: 'total', header: h('Total', 'Total', 'Total'), kind: 'number', sortable: true },
    { key: 'completedEntries', header: h('Conteúdos concluídos', 'Contenidos completados', 'Completed entries'), kind: 'number', int: true, sortable: true },
    { key: 'lastActivityAt', header: h('Última atividade', 'Última actividad', 'Last activity'), kind: 'datetime', sortable: true },
  ],
});
