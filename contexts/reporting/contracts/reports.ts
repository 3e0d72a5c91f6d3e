/**
 * HTTP contracts of the manager reports (issue 16, ADR 0070), shared by the API, the CLI and the
 * SPA: the filters every report takes, the page and export queries, and each report's columns
 * (with their headers in the three locales: the screen's table and the exported file say the
 * same words) and row. A new report adds its columns, row schema and routes here (docs/guide.md
 * "Adding a report").
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '@portal/kernel';
import type { AnswerContext } from '@portal/assessment/contracts/shapes';
import type { EntryType, ViewType } from '@portal/learning/contracts/shapes';

const day = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const short = z.string().trim().min(1).max(120);

/** The filters of every report (issue 16): date range (UTC days, `to` included), company, country, state, crop or station, ACL tag, user type, group; `asOf` shows the report as it stood then. */
export const reportFiltersSchema = z.object({
  from: day.optional(),
  to: day.optional(),
  companyId: z.uuid({ message: 'uuidNotEmpty' }).optional(),
  country: short.optional(),
  state: short.optional(),
  station: short.optional(),
  aclTag: short.optional(),
  userType: short.optional(),
  group: short.optional(),
  /** the report as it stood at this date and time (ISO 8601 with offset); absent: now */
  asOf: z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' }).optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;
export const REPORT_FILTER_NAMES = Object.keys(reportFiltersSchema.shape) as (keyof ReportFilters)[];

export const REPORT_PAGE_SIZE_MAX = 200;
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const checkRange = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
};

/** A column of a report: its key (the row's field and the sort name), header per locale, kind, and whether the server sorts by it. */
export interface ReportColumn<K extends string = string> {
  key: K;
  header: Record<Locale, string>;
  kind: 'text' | 'number' | 'boolean' | 'datetime';
  sortable: boolean;
  /**
   * A column of codes: each code's label per locale. The row (and the API) carries the code; the
   * screen's table and the exported file write the label, in the same words (a code without a
   * label is written as it is). The server sorts by the code.
   */
  values?: Readonly<Record<string, Record<Locale, string>>>;
}

/** A code's label in a locale, for a column of codes (`ReportColumn.values`); the code itself when it has none. */
export const reportCellLabel = (column: Pick<ReportColumn, 'values'>, code: string, lang: Locale): string => column.values?.[code]?.[lang] ?? code;

/** The query of a report's page: the filters, a whitelisted sort column and direction, the page (1-based) and its size (at most 200), the titles' locale. */
export function reportPageQuerySchema<K extends string>(columns: readonly ReportColumn<K>[], defaultSort: K) {
  const sortable = columns.filter((c) => c.sortable).map((c) => c.key) as [K, ...K[]];
  return reportFiltersSchema
    .extend({
      sort: z.enum(sortable).default(defaultSort as never),
      dir: z.enum(['asc', 'desc']).default('desc'),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(50),
      lang: z.enum(LOCALES).default('pt-BR'),
    })
    .superRefine(checkRange);
}

/** The query of a report's export: the page query without paging, and the format. */
export function reportExportQuerySchema<K extends string>(columns: readonly ReportColumn<K>[], defaultSort: K) {
  const sortable = columns.filter((c) => c.sortable).map((c) => c.key) as [K, ...K[]];
  return reportFiltersSchema
    .extend({
      sort: z.enum(sortable).default(defaultSort as never),
      dir: z.enum(['asc', 'desc']).default('desc'),
      lang: z.enum(LOCALES).default('pt-BR'),
      format: z.enum(REPORT_FORMATS),
    })
    .superRefine(checkRange);
}

/** Where "as of" resolved: the date asked, the log position it stands for (null: nothing was recorded by then). */
export const reportAsOfSchema = z.object({ requested: z.string(), position: z.string().nullable() });

/** A page of a report: the rows, how many match, and the read's "as of" (null: live). */
export function reportPageSchema<R extends z.ZodType>(row: R) {
  return z.object({
    report: z.string(),
    asOf: reportAsOfSchema.nullable(),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().nonnegative(),
    rows: z.array(row),
  });
}

const h = (ptBR: string, es: string, en: string): Record<Locale, string> => ({ 'pt-BR': ptBR, es, en });

/*
 * The labels of the coded columns (`ReportColumn.values`), each typed against the code list it
 * labels: a code added there without a label here fails the typecheck.
 */

/** Where an answer was given (assessment's ANSWER_CONTEXTS). */
const ANSWER_CONTEXT_LABELS = {
  station: h('Estação', 'Estación', 'Station'),
  media: h('Conteúdo', 'Contenido', 'Content'),
  nps: h('Avaliação do portal (NPS)', 'Valoración del portal (NPS)', 'Portal rating (NPS)'),
  adaptive_learning: h('Aprendizagem adaptativa', 'Aprendizaje adaptativo', 'Adaptive learning'),
  survey: h('Pesquisa', 'Encuesta', 'Survey'),
} as const satisfies Record<AnswerContext, Record<Locale, string>>;

/** An entry's type (learning's ENTRY_TYPES), in the words of the station page. */
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

/** Where a station was visited from (learning's ViewType): the map, or the station's own page. */
const VIEW_TYPE_LABELS = {
  map: h('Mapa', 'Mapa', 'Map'),
  detail: h('Página da estação', 'Página de la estación', 'Station page'),
} as const satisfies Record<ViewType, Record<Locale, string>>;

/** A language (a file's, a podcast episode's), named in the reader's language. */
const LANGUAGE_LABELS = {
  'pt-BR': h('Português', 'Portugués', 'Portuguese'),
  es: h('Espanhol', 'Español', 'Spanish'),
  en: h('Inglês', 'Inglés', 'English'),
} as const satisfies Record<Locale, Record<Locale, string>>;

/** The learner columns every report starts with. */
const learnerColumns = [
  { key: 'learner', header: h('Usuário', 'Usuario', 'Learner'), kind: 'text', sortable: true },
  { key: 'email', header: h('E-mail', 'Correo electrónico', 'E-mail'), kind: 'text', sortable: true },
  { key: 'company', header: h('Empresa', 'Empresa', 'Company'), kind: 'text', sortable: true },
] as const satisfies readonly ReportColumn[];

// ---------------------------------------------------------------- answers (001 §2 answers-report)

export const answersReportColumns = [
  ...learnerColumns,
  { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
  { key: 'entry', header: h('Conteúdo', 'Contenido', 'Entry'), kind: 'text', sortable: true },
  { key: 'question', header: h('Pergunta', 'Pregunta', 'Question'), kind: 'text', sortable: true },
  { key: 'answer', header: h('Resposta', 'Respuesta', 'Answer'), kind: 'text', sortable: false },
  { key: 'correct', header: h('Correta', 'Correcta', 'Correct'), kind: 'boolean', sortable: true },
  { key: 'score', header: h('Pontuação', 'Puntuación', 'Score'), kind: 'number', sortable: true },
  { key: 'secondsToAnswer', header: h('Segundos para responder', 'Segundos para responder', 'Seconds to answer'), kind: 'number', sortable: true },
  { key: 'answeredAt', header: h('Respondida em', 'Respondida el', 'Answered at'), kind: 'datetime', sortable: true },
  { key: 'context', header: h('Contexto', 'Contexto', 'Context'), kind: 'text', sortable: true, values: ANSWER_CONTEXT_LABELS },
  { key: 'attempt', header: h('Tentativa', 'Intento', 'Attempt'), kind: 'number', sortable: true },
] as const satisfies readonly ReportColumn[];
export type AnswersReportColumn = (typeof answersReportColumns)[number]['key'];

/** One answer (000 §3 Answer): who, where, what was asked and answered, and how it was judged. Titles in the query's locale. */
export const answersReportRowSchema = z.object({
  rowId: z.string(),
  userId: z.string(),
  learner: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  station: z.string().nullable(),
  entry: z.string().nullable(),
  question: z.string(),
  answer: z.string(),
  correct: z.boolean(),
  score: z.number(),
  secondsToAnswer: z.number(),
  answeredAt: z.string(),
  context: z.string(),
  attempt: z.number().int(),
});
export type AnswersReportRow = z.infer<typeof answersReportRowSchema>;
export const answersReportQuerySchema = reportPageQuerySchema(answersReportColumns, 'answeredAt');
export type AnswersReportQuery = z.infer<typeof answersReportQuerySchema>;
export const answersReportExportQuerySchema = reportExportQuerySchema(answersReportColumns, 'answeredAt');
export const answersReportPageSchema = reportPageSchema(answersReportRowSchema);
export type AnswersReportPage = z.infer<typeof answersReportPageSchema>;

/** GET /api/reports/answers/trend: answers per ISO week (its Monday, UTC) under the same filters, at most 53 weeks. */
export const answersTrendSchema = z.object({
  asOf: reportAsOfSchema.nullable(),
  weeks: z.array(z.object({ startsOn: z.string(), answers: z.number().int(), correct: z.number().int() })),
});
export type AnswersTrend = z.infer<typeof answersTrendSchema>;
export const answersTrendQuerySchema = reportFiltersSchema.superRefine(checkRange);

// ------------------------------------------- station content answers (001 §2 stations-content-answers-report)

export const stationContentAnswersReportColumns = [
  ...learnerColumns,
  { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
  { key: 'entry', header: h('Conteúdo', 'Contenido', 'Entry'), kind: 'text', sortable: true },
  { key: 'question', header: h('Pergunta', 'Pregunta', 'Question'), kind: 'text', sortable: true },
  { key: 'answer', header: h('Resposta atual', 'Respuesta actual', 'Current answer'), kind: 'text', sortable: false },
  { key: 'correct', header: h('Correta', 'Correcta', 'Correct'), kind: 'boolean', sortable: true },
  { key: 'score', header: h('Pontuação', 'Puntuación', 'Score'), kind: 'number', sortable: true },
  { key: 'attempts', header: h('Tentativas', 'Intentos', 'Attempts'), kind: 'number', sortable: true },
  { key: 'firstAnsweredAt', header: h('Primeira resposta', 'Primera respuesta', 'First answered'), kind: 'datetime', sortable: true },
  { key: 'lastAnsweredAt', header: h('Última resposta', 'Última respuesta', 'Last answered'), kind: 'datetime', sortable: true },
] as const satisfies readonly ReportColumn[];
export type StationContentAnswersReportColumn = (typeof stationContentAnswersReportColumns)[number]['key'];

/** One learner's current answer to one media question of one entry (the content's questions), with how many tries it took. */
export const stationContentAnswersReportRowSchema = z.object({
  userId: z.string(),
  learner: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  station: z.string().nullable(),
  entryId: z.string(),
  entry: z.string(),
  question: z.string(),
  answer: z.string(),
  correct: z.boolean(),
  score: z.number(),
  attempts: z.number().int(),
  firstAnsweredAt: z.string(),
  lastAnsweredAt: z.string(),
});
export type StationContentAnswersReportRow = z.infer<typeof stationContentAnswersReportRowSchema>;
export const stationContentAnswersReportQuerySchema = reportPageQuerySchema(stationContentAnswersReportColumns, 'lastAnsweredAt');
export type StationContentAnswersReportQuery = z.infer<typeof stationContentAnswersReportQuerySchema>;
export const stationContentAnswersReportExportQuerySchema = reportExportQuerySchema(stationContentAnswersReportColumns, 'lastAnsweredAt');
export const stationContentAnswersReportPageSchema = reportPageSchema(stationContentAnswersReportRowSchema);
export type StationContentAnswersReportPage = z.infer<typeof stationContentAnswersReportPageSchema>;

// ------------------------------------------------------ station scores (001 §2 stations-score-report)

export const stationScoresReportColumns = [
  ...learnerColumns,
  { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
  { key: 'answerScore', header: h('Pontuação das respostas', 'Puntuación de las respuestas', 'Answer score'), kind: 'number', sortable: true },
  { key: 'answerMax', header: h('Máximo das respostas', 'Máximo de las respuestas', 'Answer max'), kind: 'number', sortable: true },
  { key: 'answerPercent', header: h('% das respostas', '% de las respuestas', 'Answer %'), kind: 'number', sortable: true },
  { key: 'usabilityScore', header: h('Pontuação de usabilidade', 'Puntuación de usabilidad', 'Usability score'), kind: 'number', sortable: true },
  { key: 'usabilityMax', header: h('Máximo de usabilidade', 'Máximo de usabilidad', 'Usability max'), kind: 'number', sortable: true },
  { key: 'usabilityPercent', header: h('% de usabilidade', '% de usabilidad', 'Usability %'), kind: 'number', sortable: true },
  { key: 'npsScore', header: h('Pontuação NPS', 'Puntuación NPS', 'NPS score'), kind: 'number', sortable: false },
  { key: 'questionsScore', header: h('Pontuação das perguntas', 'Puntuación de las preguntas', 'Questions score'), kind: 'number', sortable: true },
  { key: 'videosScore', header: h('Pontuação dos vídeos', 'Puntuación de los videos', 'Videos score'), kind: 'number', sortable: true },
  { key: 'videosAnswersScore', header: h('Pontuação das perguntas dos vídeos', 'Puntuación de las preguntas de los videos', 'Video answers score'), kind: 'number', sortable: true },
  { key: 'othersScore', header: h('Outras pontuações', 'Otras puntuaciones', 'Others score'), kind: 'number', sortable: true },
  { key: 'total', header: h('Total', 'Total', 'Total'), kind: 'number', sortable: true },
  { key: 'completedEntries', header: h('Conteúdos concluídos', 'Contenidos completados', 'Completed entries'), kind: 'number', sortable: true },
  { key: 'lastActivityAt', header: h('Última atividade', 'Última actividad', 'Last activity'), kind: 'datetime', sortable: true },
] as const satisfies readonly ReportColumn[];
export type StationScoresReportColumn = (typeof stationScoresReportColumns)[number]['key'];

/**
 * One learner's score in one station (001 §3 station score record and score detail, ADR 0070):
 * answer score, its max and percent (null: the station's questions give no points); usability
 * score (the learner's 1-5 ratings of the station and its entries), its max (5 per rated item)
 * and percent (null: nothing rated); the score detail as scoring computes it for the station.
 */
export const stationScoresReportRowSchema = z.object({
  userId: z.string(),
  learner: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  stationId: z.string(),
  station: z.string(),
  answerScore: z.number(),
  answerMax: z.number(),
  answerPercent: z.number().nullable(),
  usabilityScore: z.number(),
  usabilityMax: z.number(),
  usabilityPercent: z.number().nullable(),
  npsScore: z.number(),
  questionsScore: z.number(),
  videosScore: z.number(),
  videosAnswersScore: z.number(),
  othersScore: z.number(),
  total: z.number(),
  completedEntries: z.number().int(),
  lastActivityAt: z.string(),
});
export type StationScoresReportRow = z.infer<typeof stationScoresReportRowSchema>;
export const stationScoresReportQuerySchema = reportPageQuerySchema(stationScoresReportColumns, 'lastActivityAt');
export type StationScoresReportQuery = z.infer<typeof stationScoresReportQuerySchema>;
export const stationScoresReportExportQuerySchema = reportExportQuerySchema(stationScoresReportColumns, 'lastActivityAt');
export const stationScoresReportPageSchema = reportPageSchema(stationScoresReportRowSchema);
export type StationScoresReportPage = z.infer<typeof stationScoresReportPageSchema>;

// ------------------------------------------------------------------- companies (001 §2 companies)

/** How far back a sign-in makes a user active in the companies report (ADR 0070). */
export const ACTIVE_USER_DAYS = 30;

export const companiesReportColumns = [
  { key: 'company', header: h('Empresa', 'Empresa', 'Company'), kind: 'text', sortable: true },
  { key: 'businessCode', header: h('CNPJ / código', 'Código fiscal', 'Business code'), kind: 'text', sortable: true },
  { key: 'phone', header: h('Telefone', 'Teléfono', 'Phone'), kind: 'text', sortable: false },
  { key: 'contactEmail', header: h('E-mail de contato', 'Correo de contacto', 'Contact e-mail'), kind: 'text', sortable: true },
  { key: 'contactName', header: h('Nome do contato', 'Nombre de contacto', 'Contact name'), kind: 'text', sortable: true },
  { key: 'contactPhone', header: h('Telefone do contato', 'Teléfono de contacto', 'Contact phone'), kind: 'text', sortable: false },
  { key: 'domains', header: h('Domínios', 'Dominios', 'Domains'), kind: 'text', sortable: false },
  { key: 'users', header: h('Usuários', 'Usuarios', 'Users'), kind: 'number', sortable: true },
  { key: 'activeUsers', header: h('Usuários ativos (30 dias)', 'Usuarios activos (30 días)', 'Active users (30 days)'), kind: 'number', sortable: true },
  { key: 'completions', header: h('Conclusões', 'Finalizaciones', 'Completions'), kind: 'number', sortable: true },
] as const satisfies readonly ReportColumn[];
export type CompaniesReportColumn = (typeof companiesReportColumns)[number]['key'];

/**
 * One company (001 §3 Company) with its users (learners in it at the position read, under the
 * learner filters), its active users (of those, signed in within ACTIVE_USER_DAYS before the
 * "as of" date, else now) and its completions (MediaCompleted of those learners, in the date range
 * and crop/station when given). Domains joined with ", ".
 */
export const companiesReportRowSchema = z.object({
  companyId: z.string(),
  company: z.string(),
  businessCode: z.string(),
  phone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  domains: z.string(),
  users: z.number().int(),
  activeUsers: z.number().int(),
  completions: z.number().int(),
});
export type CompaniesReportRow = z.infer<typeof companiesReportRowSchema>;
export const companiesReportQuerySchema = reportPageQuerySchema(companiesReportColumns, 'users');
export type CompaniesReportQuery = z.infer<typeof companiesReportQuerySchema>;
export const companiesReportExportQuerySchema = reportExportQuerySchema(companiesReportColumns, 'users');
export const companiesReportPageSchema = reportPageSchema(companiesReportRowSchema);
export type CompaniesReportPage = z.infer<typeof companiesReportPageSchema>;

// ---------------------------------------------------------------- station content (001 §2 stations-content-report)

export const stationContentReportColumns = [
  ...learnerColumns,
  { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
  { key: 'entry', header: h('Conteúdo', 'Contenido', 'Entry'), kind: 'text', sortable: true },
  { key: 'viewType', header: h('Tipo de visualização', 'Tipo de visualización', 'View type'), kind: 'text', sortable: true, values: ENTRY_TYPE_LABELS },
  { key: 'views', header: h('Visualizações', 'Visualizaciones', 'Views'), kind: 'number', sortable: true },
  { key: 'firstViewedAt', header: h('Primeira visualização', 'Primera visualización', 'First view'), kind: 'datetime', sortable: true },
  { key: 'lastViewedAt', header: h('Última visualização', 'Última visualización', 'Last view'), kind: 'datetime', sortable: true },
  { key: 'plays', header: h('Reproduções', 'Reproducciones', 'Plays'), kind: 'number', sortable: true },
  { key: 'completions', header: h('Conclusões', 'Finalizaciones', 'Completions'), kind: 'number', sortable: true },
  { key: 'lastActivityAt', header: h('Última atividade', 'Última actividad', 'Last activity'), kind: 'datetime', sortable: true },
] as const satisfies readonly ReportColumn[];
export type StationContentReportColumn = (typeof stationContentReportColumns)[number]['key'];

/**
 * One learner's use of one entry (001 §3 station view record): how often they opened it, the
 * entry's type (video, podcast, pdf...), first and last view, media plays (play sessions) and
 * completions; `lastActivityAt` (a view, play or completion) is what the date range filters on.
 */
export const stationContentReportRowSchema = z.object({
  userId: z.string(),
  learner: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  station: z.string().nullable(),
  entryId: z.string(),
  entry: z.string(),
  viewType: z.string(),
  views: z.number().int(),
  firstViewedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
  plays: z.number().int(),
  completions: z.number().int(),
  lastActivityAt: z.string(),
});
export type StationContentReportRow = z.infer<typeof stationContentReportRowSchema>;
export const stationContentReportQuerySchema = reportPageQuerySchema(stationContentReportColumns, 'lastActivityAt');
export type StationContentReportQuery = z.infer<typeof stationContentReportQuerySchema>;
export const stationContentReportExportQuerySchema = reportExportQuerySchema(stationContentReportColumns, 'lastActivityAt');
export const stationContentReportPageSchema = reportPageSchema(stationContentReportRowSchema);
export type StationContentReportPage = z.infer<typeof stationContentReportPageSchema>;

// ---------------------------------------------------------------- stations (001 §2 stations-report)

export const stationsReportColumns = [
  ...learnerColumns,
  { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
  { key: 'views', header: h('Visualizações', 'Visualizaciones', 'Views'), kind: 'number', sortable: true },
  { key: 'lastViewType', header: h('Tipo da última visualização', 'Tipo de la última visualización', 'Last view type'), kind: 'text', sortable: true, values: VIEW_TYPE_LABELS },
  { key: 'firstViewedAt', header: h('Primeira visualização', 'Primera visualización', 'First view'), kind: 'datetime', sortable: true },
  { key: 'lastViewedAt', header: h('Última visualização', 'Última visualización', 'Last view'), kind: 'datetime', sortable: true },
] as const satisfies readonly ReportColumn[];
export type StationsReportColumn = (typeof stationsReportColumns)[number]['key'];

/** One learner's visits of one station (001 §3 station view record): how many, the last one's view type (map, detail), first and last. */
export const stationsReportRowSchema = z.object({
  userId: z.string(),
  learner: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  stationId: z.string(),
  station: z.string(),
  views: z.number().int(),
  lastViewType: z.string(),
  firstViewedAt: z.string(),
  lastViewedAt: z.string(),
});
export type StationsReportRow = z.infer<typeof stationsReportRowSchema>;
export const stationsReportQuerySchema = reportPageQuerySchema(stationsReportColumns, 'lastViewedAt');
export type StationsReportQuery = z.infer<typeof stationsReportQuerySchema>;
export const stationsReportExportQuerySchema = reportExportQuerySchema(stationsReportColumns, 'lastViewedAt');
export const stationsReportPageSchema = reportPageSchema(stationsReportRowSchema);
export type StationsReportPage = z.infer<typeof stationsReportPageSchema>;

// ---------------------------------------------------------------- podcast downloads (001 §2 ctb-cast-dowload-status)

export const podcastDownloadsReportColumns = [
  ...learnerColumns,
  { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
  { key: 'episode', header: h('Episódio', 'Episodio', 'Episode'), kind: 'text', sortable: true },
  { key: 'language', header: h('Idioma', 'Idioma', 'Language'), kind: 'text', sortable: true, values: LANGUAGE_LABELS },
  { key: 'downloadedAt', header: h('Baixado em', 'Descargado el', 'Downloaded at'), kind: 'datetime', sortable: true },
] as const satisfies readonly ReportColumn[];
export type PodcastDownloadsReportColumn = (typeof podcastDownloadsReportColumns)[number]['key'];

/** One download of a podcast episode (001 §3 podcast download record): the episode's title in the reader's locale, who, the file's language, when. */
export const podcastDownloadsReportRowSchema = z.object({
  downloadId: z.string(),
  userId: z.string(),
  learner: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  station: z.string().nullable(),
  entryId: z.string(),
  episode: z.string(),
  language: z.string(),
  downloadedAt: z.string(),
});
export type PodcastDownloadsReportRow = z.infer<typeof podcastDownloadsReportRowSchema>;
export const podcastDownloadsReportQuerySchema = reportPageQuerySchema(podcastDownloadsReportColumns, 'downloadedAt');
export type PodcastDownloadsReportQuery = z.infer<typeof podcastDownloadsReportQuerySchema>;
export const podcastDownloadsReportExportQuerySchema = reportExportQuerySchema(podcastDownloadsReportColumns, 'downloadedAt');
export const podcastDownloadsReportPageSchema = reportPageSchema(podcastDownloadsReportRowSchema);
export type PodcastDownloadsReportPage = z.infer<typeof podcastDownloadsReportPageSchema>;

// ------------------------------------------------- messaging (001 §2 whatsapp-messages, §3 messaging-app message record)

/** The messaging report's columns: the learner (empty for a phone no user had when the message arrived), the phone, the user's message, our response, the send date. */
export const messagingReportColumns = [
  ...learnerColumns,
  { key: 'phone', header: h('Telefone', 'Teléfono', 'Phone'), kind: 'text', sortable: true },
  { key: 'contactName', header: h('Nome no aplicativo', 'Nombre en la aplicación', 'Name in the app'), kind: 'text', sortable: true },
  { key: 'userMessage', header: h('Mensagem do usuário', 'Mensaje del usuario', 'User message'), kind: 'text', sortable: false },
  { key: 'response', header: h('Resposta', 'Respuesta', 'Response'), kind: 'text', sortable: false },
  { key: 'sentAt', header: h('Enviada em', 'Enviado el', 'Sent at'), kind: 'datetime', sortable: true },
  { key: 'respondedAt', header: h('Respondida em', 'Respondido el', 'Responded at'), kind: 'datetime', sortable: true },
  { key: 'replies', header: h('Respostas', 'Respuestas', 'Replies'), kind: 'number', sortable: true },
] as const satisfies readonly ReportColumn[];
export type MessagingReportColumn = (typeof messagingReportColumns)[number]['key'];

/**
 * One user message and our replies to it (001 §3 messaging-app message record), or a reply that
 * answered no message (it opened the conversation: `userMessage` null). `userId`, `learner`,
 * `email`, `company` are null for a phone that matched no user when the message arrived.
 */
export const messagingReportRowSchema = z.object({
  rowId: z.string(),
  userId: z.string().nullable(),
  learner: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string(),
  contactName: z.string().nullable(),
  messageType: z.string(),
  userMessage: z.string().nullable(),
  response: z.string().nullable(),
  sentAt: z.string(),
  respondedAt: z.string().nullable(),
  replies: z.number().int(),
});
export type MessagingReportRow = z.infer<typeof messagingReportRowSchema>;
export const messagingReportQuerySchema = reportPageQuerySchema(messagingReportColumns, 'sentAt');
export type MessagingReportQuery = z.infer<typeof messagingReportQuerySchema>;
export const messagingReportExportQuerySchema = reportExportQuerySchema(messagingReportColumns, 'sentAt');
export const messagingReportPageSchema = reportPageSchema(messagingReportRowSchema);
export type MessagingReportPage = z.infer<typeof messagingReportPageSchema>;

// ------------------------------------------------- ask the expert (001 §2 expert-ask-question, §3 ask-expert item)

export const EXPERT_QUESTION_STATUSES = ['open', 'claimed', 'answered', 'withdrawn'] as const;
export type ExpertQuestionStatus = (typeof EXPERT_QUESTION_STATUSES)[number];

export const expertQuestionsReportColumns = [
  ...learnerColumns,
  { key: 'theme', header: h('Tema', 'Tema', 'Theme'), kind: 'text', sortable: true },
  { key: 'subTheme', header: h('Subtema', 'Subtema', 'Sub-theme'), kind: 'text', sortable: true },
  { key: 'phone', header: h('Telefone', 'Teléfono', 'Phone'), kind: 'text', sortable: true },
  { key: 'title', header: h('Título', 'Título', 'Title'), kind: 'text', sortable: true },
  { key: 'question', header: h('Pergunta', 'Pregunta', 'Question'), kind: 'text', sortable: false },
  { key: 'response', header: h('Resposta', 'Respuesta', 'Response'), kind: 'text', sortable: false },
  { key: 'answeredBy', header: h('Respondida por', 'Respondida por', 'Answered by'), kind: 'text', sortable: true },
  { key: 'askedAt', header: h('Perguntada em', 'Preguntada el', 'Asked at'), kind: 'datetime', sortable: true },
  { key: 'answeredAt', header: h('Respondida em', 'Respondida el', 'Answered at'), kind: 'datetime', sortable: true },
  {
    key: 'status',
    header: h('Situação', 'Estado', 'Status'),
    kind: 'text',
    sortable: true,
    // the words of the ask-the-expert screens (claimed: an expert took it and is answering)
    values: {
      open: h('Aguardando', 'En espera', 'Waiting'),
      claimed: h('Sendo respondida', 'Siendo respondida', 'Being answered'),
      answered: h('Respondida', 'Respondida', 'Answered'),
      withdrawn: h('Retirada', 'Retirada', 'Withdrawn'),
    } satisfies Record<ExpertQuestionStatus, Record<Locale, string>>,
  },
] as const satisfies readonly ReportColumn[];
export type ExpertQuestionsReportColumn = (typeof expertQuestionsReportColumns)[number]['key'];

/** One question to the experts (001 §3 ask-expert item): theme and sub-theme in the reader's locale, phone, title, question, the response, who answered and when, where it stands. */
export const expertQuestionsReportRowSchema = z.object({
  questionId: z.string(),
  userId: z.string(),
  learner: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  theme: z.string(),
  subTheme: z.string(),
  phone: z.string(),
  title: z.string(),
  question: z.string(),
  response: z.string().nullable(),
  answeredBy: z.string().nullable(),
  askedAt: z.string(),
  answeredAt: z.string().nullable(),
  status: z.enum(EXPERT_QUESTION_STATUSES),
});
export type ExpertQuestionsReportRow = z.infer<typeof expertQuestionsReportRowSchema>;
export const expertQuestionsReportQuerySchema = reportPageQuerySchema(expertQuestionsReportColumns, 'askedAt');
export type ExpertQuestionsReportQuery = z.infer<typeof expertQuestionsReportQuerySchema>;
export const expertQuestionsReportExportQuerySchema = reportExportQuerySchema(expertQuestionsReportColumns, 'askedAt');
export const expertQuestionsReportPageSchema = reportPageSchema(expertQuestionsReportRowSchema);
export type ExpertQuestionsReportPage = z.infer<typeof expertQuestionsReportPageSchema>;

/** The reports by name: the name the export event, the CLI and the bench use, with their columns. */
export const REPORTS = {
  answers: { columns: answersReportColumns, defaultSort: 'answeredAt' },
  'station-content-answers': { columns: stationContentAnswersReportColumns, defaultSort: 'lastAnsweredAt' },
  messaging: { columns: messagingReportColumns, defaultSort: 'sentAt' },
  'expert-questions': { columns: expertQuestionsReportColumns, defaultSort: 'askedAt' },
  'station-content': { columns: stationContentReportColumns, defaultSort: 'lastActivityAt' },
  stations: { columns: stationsReportColumns, defaultSort: 'lastViewedAt' },
  'podcast-downloads': { columns: podcastDownloadsReportColumns, defaultSort: 'downloadedAt' },
  'station-scores': { columns: stationScoresReportColumns, defaultSort: 'lastActivityAt' },
  'companies-report': { columns: companiesReportColumns, defaultSort: 'users' },
} as const satisfies Record<string, { columns: readonly ReportColumn[]; defaultSort: string }>;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

/** GET /api/reports/companies: the companies the caller may pick in the reports (every company for manage_all_companies and auditors; their own otherwise). */
export const reportCompaniesSchema = z.object({ companies: z.array(z.object({ companyId: z.string(), name: z.string() })) });
export type ReportCompanies = z.infer<typeof reportCompaniesSchema>;

const file = { responseType: 'text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
const whoMessaging = 'manage_whatsapp only (identity messagingScope): with manage_all_companies every row, unmatched phones included; company_manager or company_admin with a company: their company\'s users';
const who = 'company_manager or company_admin with a company and manage_companies_users (own company), manage_all_companies or auditor (every company)';
export const reportRoutes = {
  reportCompanies: { method: 'GET', path: '/reports/companies', response: reportCompaniesSchema, summary: `The companies the reports' company picker offers; ${who}`, errors: ['403'] },
  answersReport: { method: 'GET', path: '/reports/answers', query: answersReportQuerySchema, response: answersReportPageSchema, summary: `Answers report (001 §2 answers-report), a page; ${who}`, errors: ['403', '404'] },
  answersReportExport: { method: 'GET', path: '/reports/answers/export', query: answersReportExportQuerySchema, summary: `Answers report as CSV or XLSX (every matching row, streamed; recorded as ReportExported); ${who}`, errors: ['403', '404'], ...file },
  answersTrend: { method: 'GET', path: '/reports/answers/trend', query: answersTrendQuerySchema, response: answersTrendSchema, summary: `Answers per week under the report's filters; ${who}`, errors: ['403', '404'] },
  stationContentAnswersReport: {
    method: 'GET',
    path: '/reports/station-content-answers',
    query: stationContentAnswersReportQuerySchema,
    response: stationContentAnswersReportPageSchema,
    summary: `Station content answers report (001 §2 stations-content-answers-report): media questions per learner and entry, a page; ${who}`,
    errors: ['403', '404'],
  },
  stationContentAnswersReportExport: {
    method: 'GET',
    path: '/reports/station-content-answers/export',
    query: stationContentAnswersReportExportQuerySchema,
    summary: `Station content answers report as CSV or XLSX; ${who}`,
    errors: ['403', '404'],
    ...file,
  },
  stationScoresReport: {
    method: 'GET',
    path: '/reports/station-scores',
    query: stationScoresReportQuerySchema,
    response: stationScoresReportPageSchema,
    summary: `Station scores report (001 §2 stations-score-report): answer and usability scores and the score detail per learner and station, a page; ${who}`,
    errors: ['403', '404'],
  },
  stationScoresReportExport: { method: 'GET', path: '/reports/station-scores/export', query: stationScoresReportExportQuerySchema, summary: `Station scores report as CSV or XLSX; ${who}`, errors: ['403', '404'], ...file },
  companiesReport: {
    method: 'GET',
    path: '/reports/companies-report',
    query: companiesReportQuerySchema,
    response: companiesReportPageSchema,
    summary: `Companies report (001 §2 companies): each company's fields, users, active users and completions, a page (a company manager sees their company's row only); ${who}`,
    errors: ['403', '404'],
  },
  companiesReportExport: { method: 'GET', path: '/reports/companies-report/export', query: companiesReportExportQuerySchema, summary: `Companies report as CSV or XLSX; ${who}`, errors: ['403', '404'], ...file },
  stationContentReport: {
    method: 'GET',
    path: '/reports/station-content',
    query: stationContentReportQuerySchema,
    response: stationContentReportPageSchema,
    summary: `Station content report (001 §2 stations-content-report): views, plays and completions per learner and entry, a page; ${who}`,
    errors: ['403', '404'],
  },
  stationContentReportExport: { method: 'GET', path: '/reports/station-content/export', query: stationContentReportExportQuerySchema, summary: `Station content report as CSV or XLSX; ${who}`, errors: ['403', '404'], ...file },
  stationsReport: { method: 'GET', path: '/reports/stations', query: stationsReportQuerySchema, response: stationsReportPageSchema, summary: `Stations report (001 §2 stations-report): visits per learner and station, a page; ${who}`, errors: ['403', '404'] },
  stationsReportExport: { method: 'GET', path: '/reports/stations/export', query: stationsReportExportQuerySchema, summary: `Stations report as CSV or XLSX; ${who}`, errors: ['403', '404'], ...file },
  podcastDownloadsReport: {
    method: 'GET',
    path: '/reports/podcast-downloads',
    query: podcastDownloadsReportQuerySchema,
    response: podcastDownloadsReportPageSchema,
    summary: `Podcast downloads report (001 §2 ctb-cast-dowload-status): episode, learner, date, a page; ${who}`,
    errors: ['403', '404'],
  },
  podcastDownloadsReportExport: { method: 'GET', path: '/reports/podcast-downloads/export', query: podcastDownloadsReportExportQuerySchema, summary: `Podcast downloads report as CSV or XLSX; ${who}`, errors: ['403', '404'], ...file },
  messagingReport: {
    method: 'GET',
    path: '/reports/messaging',
    query: messagingReportQuerySchema,
    response: messagingReportPageSchema,
    summary: `Messaging report (001 §2 whatsapp-messages): user messages, our responses, send dates, a page; ${whoMessaging}`,
    errors: ['403', '404'],
  },
  messagingReportExport: { method: 'GET', path: '/reports/messaging/export', query: messagingReportExportQuerySchema, summary: `Messaging report as CSV or XLSX; ${whoMessaging}`, errors: ['403', '404'], ...file },
  expertQuestionsReport: {
    method: 'GET',
    path: '/reports/expert-questions',
    query: expertQuestionsReportQuerySchema,
    response: expertQuestionsReportPageSchema,
    summary: `Ask the expert report (001 §2 expert-ask-question): questions, responses, who answered and when, a page; ${who}`,
    errors: ['403', '404'],
  },
  expertQuestionsReportExport: { method: 'GET', path: '/reports/expert-questions/export', query: expertQuestionsReportExportQuerySchema, summary: `Ask the expert report as CSV or XLSX; ${who}`, errors: ['403', '404'], ...file },
} as const;

/** Each report's title, and the words an exported file's first rows use (the filters and "as of"), per locale. */
export const REPORT_TITLES: Record<ReportName, Record<Locale, string>> = {
  answers: h('Relatório de respostas', 'Informe de respuestas', 'Answers report'),
  'station-content-answers': h('Respostas dos conteúdos das estações', 'Respuestas de los contenidos de las estaciones', 'Station content answers'),
  messaging: h('Mensagens do WhatsApp', 'Mensajes de WhatsApp', 'WhatsApp messages'),
  'expert-questions': h('Pergunte ao especialista', 'Pregunte al experto', 'Ask the expert'),
  'station-content': h('Conteúdos das estações', 'Contenidos de las estaciones', 'Station content'),
  stations: h('Visitas às estações', 'Visitas a las estaciones', 'Station visits'),
  'podcast-downloads': h('Downloads de podcast', 'Descargas de podcast', 'Podcast downloads'),
  'station-scores': h('Pontuações por estação', 'Puntuaciones por estación', 'Station scores'),
  'companies-report': h('Relatório de empresas', 'Informe de empresas', 'Companies report'),
};
export const REPORT_FILE_WORDS: Record<Locale, Record<keyof ReportFilters | 'report' | 'exportedAt' | 'sort' | 'dir' | 'asc' | 'desc' | 'live' | 'yes' | 'no', string>> = {
  'pt-BR': {
    report: 'Relatório', exportedAt: 'Exportado em', from: 'De', to: 'Até', companyId: 'Empresa', country: 'País', state: 'Estado', station: 'Cultura/estação',
    aclTag: 'Tag de acesso', userType: 'Tipo de usuário', group: 'Grupo', asOf: 'Como estava em', sort: 'Ordenar por', dir: 'Direção', asc: 'crescente', desc: 'decrescente', live: 'agora', yes: 'Sim', no: 'Não',
  },
  es: {
    report: 'Informe', exportedAt: 'Exportado el', from: 'Desde', to: 'Hasta', companyId: 'Empresa', country: 'País', state: 'Estado', station: 'Cultivo/estación',
    aclTag: 'Etiqueta de acceso', userType: 'Tipo de usuario', group: 'Grupo', asOf: 'Como estaba el', sort: 'Ordenar por', dir: 'Dirección', asc: 'ascendente', desc: 'descendente', live: 'ahora', yes: 'Sí', no: 'No',
  },
  en: {
    report: 'Report', exportedAt: 'Exported at', from: 'From', to: 'To', companyId: 'Company', country: 'Country', state: 'State', station: 'Crop/station',
    aclTag: 'ACL tag', userType: 'User type', group: 'Group', asOf: 'As of', sort: 'Sort by', dir: 'Direction', asc: 'ascending', desc: 'descending', live: 'now', yes: 'Yes', no: 'No',
  },
};
