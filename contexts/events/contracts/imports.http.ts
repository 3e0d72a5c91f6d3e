/**
 * HTTP contracts of the scheduled-events imports (001 §2 /scheduled-events/import and
 * /import-users, ADR 0062): a CSV or XLSX file, previewed (dryRun) and imported, idempotent by an
 * external key. The columns and the headers accepted in pt-BR, es and en live here so the API
 * parses them and the SPA writes its templates with the same names.
 */
import { z } from 'zod';
import { foldText, LOCALES, type Locale } from '@portal/kernel';

/** At most this many data rows in one file (the header row not counted). */
export const EVENT_IMPORT_MAX_ROWS = 5_000;
/** At most this many bytes in one file (CSV or XLSX). */
export const EVENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The columns of the events import: the external key (the training center's own code of the
 * event: a row with a key already imported updates that event), every 001 §3 field of a
 * scheduled event plus venue, country and time zone (ADR 0060), and `publish` (yes: publish the
 * event once written, if it is a draft).
 */
export const EVENT_IMPORT_FIELDS = [
  'externalKey',
  'title',
  'type',
  'description',
  'date',
  'startHour',
  'finishHour',
  'timezone',
  'country',
  'venue',
  'author',
  'department',
  'cluster',
  'categories',
  'cultures',
  'competenceArea',
  'region',
  'brand',
  'bu',
  'targetAudience',
  'estimatedAudience',
  'instructor',
  'vacancies',
  'publish',
] as const;
export type EventImportField = (typeof EVENT_IMPORT_FIELDS)[number];

/** The columns of the users import (users into events): the event (its external key or its id), the person's e-mail, the language of their mails. */
export const ATTENDEE_IMPORT_FIELDS = ['event', 'email', 'lang'] as const;
export type AttendeeImportField = (typeof ATTENDEE_IMPORT_FIELDS)[number];

export interface ImportColumn {
  headers: Record<Locale, string>;
  aliases?: readonly string[];
}

export const EVENT_IMPORT_COLUMNS: Record<EventImportField, ImportColumn> = {
  externalKey: { headers: { 'pt-BR': 'Código', es: 'Código', en: 'Key' }, aliases: ['Chave', 'Clave', 'External key', 'Código externo', 'Code', 'ID externo'] },
  title: { headers: { 'pt-BR': 'Título', es: 'Título', en: 'Title' } },
  type: { headers: { 'pt-BR': 'Tipo', es: 'Tipo', en: 'Type' } },
  description: { headers: { 'pt-BR': 'Descrição', es: 'Descripción', en: 'Description' } },
  date: { headers: { 'pt-BR': 'Data', es: 'Fecha', en: 'Date' } },
  startHour: { headers: { 'pt-BR': 'Hora de início', es: 'Hora de inicio', en: 'Start hour' }, aliases: ['Início', 'Inicio', 'Start'] },
  finishHour: { headers: { 'pt-BR': 'Hora de término', es: 'Hora de término', en: 'Finish hour' }, aliases: ['Término', 'Fim', 'Fin', 'Finish', 'End'] },
  timezone: { headers: { 'pt-BR': 'Fuso horário', es: 'Zona horaria', en: 'Time zone' } },
  country: { headers: { 'pt-BR': 'País', es: 'País', en: 'Country' } },
  venue: { headers: { 'pt-BR': 'Local', es: 'Lugar', en: 'Venue' } },
  author: { headers: { 'pt-BR': 'Autor', es: 'Autor', en: 'Author' } },
  department: { headers: { 'pt-BR': 'Departamento', es: 'Departamento', en: 'Department' } },
  cluster: { headers: { 'pt-BR': 'Cluster', es: 'Clúster', en: 'Cluster' } },
  categories: { headers: { 'pt-BR': 'Categorias', es: 'Categorías', en: 'Categories' } },
  cultures: { headers: { 'pt-BR': 'Culturas', es: 'Cultivos', en: 'Cultures' }, aliases: ['Crops'] },
  competenceArea: { headers: { 'pt-BR': 'Área de competência', es: 'Área de competencia', en: 'Competence area' } },
  region: { headers: { 'pt-BR': 'Região', es: 'Región', en: 'Region' } },
  brand: { headers: { 'pt-BR': 'Marca', es: 'Marca', en: 'Brand' } },
  bu: { headers: { 'pt-BR': 'BU', es: 'BU', en: 'BU' }, aliases: ['Unidade de negócio', 'Unidad de negocio', 'Business unit'] },
  targetAudience: { headers: { 'pt-BR': 'Público-alvo', es: 'Público objetivo', en: 'Target audience' } },
  estimatedAudience: { headers: { 'pt-BR': 'Público estimado', es: 'Público estimado', en: 'Estimated audience' } },
  instructor: { headers: { 'pt-BR': 'Instrutor', es: 'Instructor', en: 'Instructor' } },
  vacancies: { headers: { 'pt-BR': 'Vagas', es: 'Vacantes', en: 'Vacancies' }, aliases: ['Cupos', 'Seats'] },
  publish: { headers: { 'pt-BR': 'Publicar', es: 'Publicar', en: 'Publish' } },
};

export const ATTENDEE_IMPORT_COLUMNS: Record<AttendeeImportField, ImportColumn> = {
  event: { headers: { 'pt-BR': 'Evento', es: 'Evento', en: 'Event' }, aliases: ['Código do evento', 'Código del evento', 'Event key', 'Código', 'Key'] },
  email: { headers: { 'pt-BR': 'E-mail', es: 'Correo', en: 'Email' }, aliases: ['Correo electrónico', 'Endereço de e-mail', 'Email address', 'Mail'] },
  lang: { headers: { 'pt-BR': 'Idioma', es: 'Idioma', en: 'Language' }, aliases: ['Língua', 'Lengua'] },
};

/** How headers are compared: accents, case, spaces and punctuation ignored. */
export const importHeaderKey = (header: string): string => foldText(header).replace(/[^a-z0-9]/g, '');

/** Every accepted header (by importHeaderKey) and the field it names: the field's own name, its header in each locale, its aliases. */
export function importHeaderKeys<F extends string>(columns: Record<F, ImportColumn>): ReadonlyMap<string, F> {
  const keys = new Map<string, F>();
  for (const field of Object.keys(columns) as F[]) {
    const { headers, aliases = [] } = columns[field];
    for (const name of [field, ...Object.values<string>(headers), ...aliases]) {
      const key = importHeaderKey(name);
      const known = keys.get(key);
      if (known && known !== field) throw new Error(`import header "${name}" names both ${known} and ${field}`);
      keys.set(key, field);
    }
  }
  return keys;
}

/** A template's header row in a locale. */
export const importTemplateRow = <F extends string>(columns: Record<F, ImportColumn>, lang: Locale): string[] => (Object.keys(columns) as F[]).map((f) => columns[f].headers[lang]);

/** `true`/`false` in a query string. */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** POST /scheduledEvents/import: `dryRun` judges every row and writes nothing. */
export const importEventsQuerySchema = z.object({ dryRun: flag.default(false) });
export type ImportEventsQuery = z.infer<typeof importEventsQuerySchema>;
/**
 * POST /scheduledEvents/import-users: `dryRun` as above; `eventId`: the event of rows that name
 * none (a file without an event column enrols everyone in it); `lang`: the mails' language of rows
 * that name none (else the person's own language, else pt-BR).
 */
export const importAttendeesQuerySchema = z.object({ dryRun: flag.default(false), eventId: z.string().uuid().optional(), lang: z.enum(LOCALES).optional() });
export type ImportAttendeesQuery = z.infer<typeof importAttendeesQuerySchema>;

/** The multipart body of both imports: the file in the field `file`. */
export const eventImportFormSchema = z.object({
  file: z.string().meta({
    format: 'binary',
    description: `CSV (UTF-8 or Windows-1252; comma, semicolon or tab separated) or XLSX (the first sheet), a header row then at most ${EVENT_IMPORT_MAX_ROWS} rows, at most ${EVENT_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  }),
});

/**
 * One problem with a row: the field (an import field, or `row`) and a code: the 001 §5 keys
 * (required, maxLength with `limit`, between, integer, date, time), the import's own
 * `invalid-value` (not a value the column takes, `value` names it) and `duplicate-in-file` (an
 * earlier row has the same key, whose line is `limit`), and catalogue codes (event-invalid-state,
 * event-enrolment-closed, event-unknown, attendee-email-unknown).
 */
export const eventImportRowErrorSchema = z.object({ field: z.string(), code: z.string(), value: z.string().optional(), limit: z.number().int().optional() });
export type EventImportRowError = z.infer<typeof eventImportRowErrorSchema>;

export const EVENT_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'invalid'] as const;
export type EventImportAction = (typeof EVENT_IMPORT_ACTIONS)[number];
const importValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

const columnsSchema = <F extends readonly [string, ...string[]]>(fields: F) => z.array(z.object({ header: z.string(), field: z.enum(fields).nullable() }));

export const eventImportRowSchema = z.object({
  /** the row's line in the file (the header is line 1) */
  line: z.number().int(),
  externalKey: z.string().nullable(),
  action: z.enum(EVENT_IMPORT_ACTIONS),
  /** the event the key names (the same id on every import of the key), null for an invalid row */
  eventId: z.string().nullable(),
  /** what the row names, parsed; empty cells are left out */
  values: z.partialRecord(z.enum(EVENT_IMPORT_FIELDS), importValueSchema),
  /** the fields an update changes */
  changes: z.array(z.enum(EVENT_IMPORT_FIELDS)),
  /** the row publishes the event (publish = yes on a draft) */
  publishes: z.boolean(),
  errors: z.array(eventImportRowErrorSchema),
});
export type EventImportRow = z.infer<typeof eventImportRowSchema>;

export const importEventsResponseSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(['csv', 'xlsx']),
  columns: columnsSchema(EVENT_IMPORT_FIELDS),
  totals: z.object({ rows: z.number().int(), create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), invalid: z.number().int(), published: z.number().int() }),
  rows: z.array(eventImportRowSchema),
});
export type ImportEventsResponse = z.infer<typeof importEventsResponseSchema>;

/** enrol: a seat; waitlist: the waiting list (vacancies are full); unchanged: already enrolled or in line. */
export const ATTENDEE_IMPORT_ACTIONS = ['enrol', 'waitlist', 'unchanged', 'invalid'] as const;
export type AttendeeImportAction = (typeof ATTENDEE_IMPORT_ACTIONS)[number];

export const attendeeImportRowSchema = z.object({
  line: z.number().int(),
  /** the event cell as written (or the query's eventId) */
  event: z.string().nullable(),
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  email: z.string().nullable(),
  userId: z.string().nullable(),
  action: z.enum(ATTENDEE_IMPORT_ACTIONS),
  /** place in the waiting list, for waitlist rows */
  position: z.number().int().nullable(),
  errors: z.array(eventImportRowErrorSchema),
});
export type AttendeeImportRow = z.infer<typeof attendeeImportRowSchema>;

export const importAttendeesResponseSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(['csv', 'xlsx']),
  columns: columnsSchema(ATTENDEE_IMPORT_FIELDS),
  totals: z.object({ rows: z.number().int(), enrol: z.number().int(), waitlist: z.number().int(), unchanged: z.number().int(), invalid: z.number().int() }),
  rows: z.array(attendeeImportRowSchema),
});
export type ImportAttendeesResponse = z.infer<typeof importAttendeesResponseSchema>;

/** tc_admin adds one attendee by e-mail (the staff screen): an account or pre-registration with that address. */
export const addAttendeeSchema = z.object({ email: z.string().trim().toLowerCase().email().max(254), lang: z.enum(LOCALES).optional() });
export type AddAttendeeBody = z.input<typeof addAttendeeSchema>;
