/**
 * How a manager report is defined (issue 16, ADR 0070; as data: ADR 0085): the filters every
 * report takes, the page and export queries, and `defineReport`, which turns one list of fields
 * (each with its header in the three locales, its kind, whether it is nullable and sortable) into
 * the report's columns, row schema, page and export queries and page answer. Each report is one
 * file of `contracts/reports/`; `reports.ts` lists them.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '@portal/kernel';

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

/** The filters alone, checked (`from` not after `to`): a report's chart takes them. */
export const checkedFilters = reportFiltersSchema.superRefine(checkRange);

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

export const h = (ptBR: string, es: string, en: string): Record<Locale, string> => ({ 'pt-BR': ptBR, es, en });

/**
 * One field of a report's row. With a `header` it is also a column (the screen's table and the
 * exported file, in field order); without, it is only in the row (ids the screen links with).
 * The report's SQL gives one expression per field (projections/report-kit `reportQuery`), from
 * which the select list, the sort whitelist and the row conversion are derived.
 */
export interface ReportField<K extends string = string> {
  key: K;
  kind: ReportColumn['kind'];
  /** the value may be null (absent: a text reads '' and a number 0 when the database has none) */
  nullable?: boolean;
  /** a whole number */
  int?: boolean;
  /** a closed list of codes: the row schema is that enum (an unknown code reads the first) */
  codes?: readonly [string, ...string[]];
  header?: Record<Locale, string>;
  sortable?: boolean;
  values?: ReportColumn['values'];
}

type FieldValue<F> =
  | (F extends { codes: readonly (infer C)[] } ? C : F extends { kind: 'number' } ? number : F extends { kind: 'boolean' } ? boolean : string)
  | (F extends { nullable: true } ? null : never);
/** The row a list of fields describes. */
export type RowOf<Fs extends readonly ReportField[]> = { [F in Fs[number] as F['key']]: FieldValue<F> };
type ColumnKey<Fs extends readonly ReportField[]> = Extract<Fs[number], { header: object }>['key'];
type SortKey<Fs extends readonly ReportField[]> = Extract<Fs[number], { sortable: true }>['key'];

/** Who may read a report: the manager reports' scope, or the messaging report's (manage_whatsapp). */
export type ReportAccess = 'reports' | 'messaging';

function fieldSchema(f: ReportField): z.ZodType {
  const base = f.codes ? z.enum(f.codes) : f.kind === 'number' ? (f.int ? z.number().int() : z.number()) : f.kind === 'boolean' ? z.boolean() : z.string();
  return f.nullable ? base.nullable() : base;
}

/**
 * A report from its fields (ADR 0085): its columns, row schema, page query (filters, sort by a
 * sortable column, paging), export query and page answer. `summary` says what one row is, for
 * the OpenAPI document.
 */
export function defineReport<const N extends string, const Fs extends readonly ReportField[]>(def: {
  name: N;
  title: Record<Locale, string>;
  summary: string;
  access: ReportAccess;
  defaultSort: SortKey<Fs>;
  fields: Fs;
}) {
  type K = ColumnKey<Fs>;
  const columns = def.fields.flatMap((f) => (f.header ? [{ key: f.key, header: f.header, kind: f.kind, sortable: Boolean(f.sortable), ...(f.values ? { values: f.values } : {}) }] : [])) as ReportColumn<K>[];
  const rowSchema = z.object(Object.fromEntries(def.fields.map((f) => [f.key, fieldSchema(f)]))) as unknown as z.ZodType<RowOf<Fs>>;
  const defaultSort = def.defaultSort as K;
  return {
    ...def,
    columns: columns as readonly ReportColumn<K>[],
    rowSchema,
    querySchema: reportPageQuerySchema(columns, defaultSort),
    exportQuerySchema: reportExportQuerySchema(columns, defaultSort),
    pageSchema: reportPageSchema(rowSchema),
  };
}
export type ReportDefinition = ReturnType<typeof defineReport<string, readonly ReportField[]>>;

/** The learner fields every learner report starts with: who (name, else e-mail), e-mail, company. */
export const learnerFields = [
  { key: 'userId', kind: 'text' },
  { key: 'learner', header: h('Usuário', 'Usuario', 'Learner'), kind: 'text', sortable: true },
  { key: 'email', header: h('E-mail', 'Correo electrónico', 'E-mail'), kind: 'text', nullable: true, sortable: true },
  { key: 'company', header: h('Empresa', 'Empresa', 'Company'), kind: 'text', nullable: true, sortable: true },
] as const satisfies readonly ReportField[];

/** The words an exported file's first rows use (the filters and "as of"), per locale. */
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
