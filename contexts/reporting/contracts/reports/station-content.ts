import type { Locale } from '@portal/kernel';
import type { EntryType } from '@portal/learning/contracts/shapes';
import { defineReport, h, learnerFields } from '../report-definition.js';

/** An entry's type (learning's ENTRY_TYPES), in the words of the station page; a type added there without a label here fails the typecheck. */
const ENTRY_TYPE_LABELS = {
  video: h('Vídeo', 'Video', 'Video'),
  podcast: h('Podcast', 'Podcast', 'Podcast'),
  audio: h('Áudio', 'Audio', 'Audio'),
  'iframe-video': h('Vídeo incorporado', 'Video integrado', 'Embedded video'),
  pdf: h('Documento PDF', 'Documento PDF', 'PDF document'),
  iframe: h('Página interativa', 'Página interactiva', 'Interactive page'),
  scorm: h('Curso (SCORM)', 'Curso (SCORM)', 'Course (SCORM)'),
  link: h('Link externo', 'Enlace externo', 'External link'),
} as const satisfies Record<EntryType, Record<Locale, string>>;

/**
 * One learner's use of one entry (001 §3 station view record): how often they opened it, the
 * entry's type (video, podcast, pdf...), first and last view, media plays (play sessions) and
 * completions; `lastActivityAt` (a view, play or completion) is what the date range filters on.
 */
export const stationContentReport = defineReport({
  name: 'station-content',
  title: h('Conteúdos das estações', 'Contenidos de las estaciones', 'Station content'),
  summary: 'Station content report (001 §2 stations-content-report): views, plays and completions per learner and entry',
  access: 'reports',
  defaultSort: 'lastActivityAt',
  fields: [
    ...learnerFields,
    { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', nullable: true, sortable: true },
    { key: 'entryId', kind: 'text' },
    { key: 'entry', header: h('Conteúdo', 'Contenido', 'Entry'), kind: 'text', sortable: true },
    { key: 'viewType', header: h('Tipo de visualização', 'Tipo de visualización', 'View type'), kind: 'text', sortable: true, values: ENTRY_TYPE_LABELS },
    { key: 'views', header: h('Visualizações', 'Visualizaciones', 'Views'), kind: 'number', int: true, sortable: true },
    { key: 'firstViewedAt', header: h('Primeira visualização', 'Primera visualización', 'First view'), kind: 'datetime', nullable: true, sortable: true },
    { key: 'lastViewedAt', header: h('Última visualização', 'Última visualización', 'Last view'), kind: 'datetime', nullable: true, sortable: true },
    { key: 'plays', header: h('Reproduções', 'Reproducciones', 'Plays'), kind: 'number', int: true, sortable: true },
    { key: 'completions', header: h('Conclusões', 'Finalizaciones', 'Completions'), kind: 'number', int: true, sortable: true },
    { key: 'lastActivityAt', header: h('Última atividade', 'Última actividad', 'Last activity'), kind: 'datetime', sortable: true },
  ],
});
