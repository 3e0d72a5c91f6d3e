/**
 * The events import's rows (ADR 0062), pure: a row's cells become the event's definition (the
 * stored one with what the row names over it), or the row's errors. What a row then does (create,
 * update, publish) is the scheduled-event decider's to judge.
 */
import { LOCALES, type Locale } from '@portal/kernel';
import type { ScheduledEventDefinition } from '../contracts/events.js';
import {
  scheduledEventInputSchema,
  SCHEDULED_EVENT_FIELDS,
  type EventImportField,
  type EventImportRowError,
  type ScheduledEventBody,
} from '../contracts/index.js';

/** How external keys are compared (and turned into the event's id): trimmed, case ignored. */
export const importKeyOf = (key: string): string => key.trim().toLowerCase();
export const EXTERNAL_KEY_MAX = 100;

const LIST_FIELDS = new Set<EventImportField>(['categories', 'cultures']);
const NUMBER_FIELDS = new Set<EventImportField>(['vacancies', 'estimatedAudience']);
const YES = new Set(['sim', 's', 'si', 'sí', 'yes', 'y', 'true', '1', 'x']);
const NO = new Set(['nao', 'não', 'n', 'no', 'false', '0']);

/** yes/no in pt-BR, es and en (null: neither). */
export const yesNo = (cell: string): boolean | null => {
  const v = cell.trim().toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : null;
};

/** A day as YYYY-MM-DD from "2026-12-10", "10/12/2026" or "10-12-2026" (day first, as pt-BR and es write it); null otherwise. */
export const importDate = (cell: string): string | null => {
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(cell.trim());
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(cell.trim());
  const [y, m, d] = ymd ? [ymd[1], ymd[2], ymd[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  return y && m && d ? `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` : null;
};

/** An hour as HH:mm from "9:00", "09:00", "09:00:00" or "9h00"; the cell as it is otherwise (the schema names the problem). */
export const importHour = (cell: string): string => {
  const m = /^(\d{1,2})[:hH](\d{2})(?::\d{2})?$/.exec(cell.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : cell.trim();
};

/** Lists in a cell are separated by `;`, `,` or `|`. */
export const importList = (cell: string): string[] =>
  cell
    .split(/[;,|]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** A language cell: pt-BR, es, en (case ignored; "pt" is pt-BR). */
export const importLocale = (cell: string): Locale | null => {
  const v = cell.trim().toLowerCase();
  if (v === 'pt' || v === 'pt-br' || v === 'pt_br') return 'pt-BR';
  return LOCALES.find((l) => l.toLowerCase() === v) ?? null;
};

export type ImportValue = string | number | boolean | string[] | null;

export interface ParsedEventRow {
  externalKey: string | null;
  values: Partial<Record<EventImportField, ImportValue>>;
  /** the definition to store (null when the row has errors) */
  definition: ScheduledEventBody | null;
  publish: boolean;
  errors: EventImportRowError[];
}

/** A zod issue of the event schema as a row error with the 001 §5 keys the form uses. */
type SchemaError = NonNullable<ReturnType<typeof scheduledEventInputSchema.safeParse>['error']>;

function rowErrorsOf(error: SchemaError): EventImportRowError[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'row');
    if (issue.code === 'invalid_type') return { field, code: issue.input === undefined ? 'required' : 'invalid-value' };
    if (issue.code === 'too_small' && issue.origin === 'string') return { field, code: 'required' };
    if (issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array')) return { field, code: 'maxLength', limit: Number(issue.maximum) };
    if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') return { field, code: 'between' };
    if (issue.code === 'invalid_format' || issue.code === 'custom') return { field, code: issue.message };
    return { field, code: 'invalid-value' };
  });
}

/**
 * One row of the events import: the external key (required), every cell parsed (lists, numbers,
 * days, hours, yes/no), then the stored definition (`stored`, null for a new event) with the
 * row's values over it, checked by the same schema as the form. An empty cell leaves the field as
 * it is; for a new event the form's defaults apply and title, type, date, hours and vacancies are
 * required.
 */
export function parseEventRow(cells: Partial<Record<EventImportField, string>>, stored: ScheduledEventDefinition | null): ParsedEventRow {
  const errors: EventImportRowError[] = [];
  const values: Partial<Record<EventImportField, ImportValue>> = {};
  const key = cells.externalKey?.trim() ?? '';
  if (!key) errors.push({ field: 'externalKey', code: 'required' });
  else if (key.length > EXTERNAL_KEY_MAX) errors.push({ field: 'externalKey', code: 'maxLength', limit: EXTERNAL_KEY_MAX });
  let publish = false;
  for (const [field, cell] of Object.entries(cells) as [EventImportField, string][]) {
    if (field === 'externalKey') values[field] = key;
    else if (field === 'publish') {
      const yes = yesNo(cell);
      if (yes === null) errors.push({ field, code: 'invalid-value', value: cell });
      publish = yes === true;
      values[field] = yes ?? cell;
    } else if (LIST_FIELDS.has(field)) values[field] = importList(cell);
    else if (NUMBER_FIELDS.has(field)) {
      const n = Number(cell.replace(',', '.'));
      if (!Number.isFinite(n)) errors.push({ field, code: 'integer', value: cell });
      values[field] = Number.isFinite(n) ? n : cell;
    } else if (field === 'date') {
      const day = importDate(cell);
      if (!day) errors.push({ field, code: 'date', value: cell });
      values[field] = day ?? cell;
    } else if (field === 'startHour' || field === 'finishHour') values[field] = importHour(cell);
    else values[field] = cell;
  }
  const input: Record<string, unknown> = stored ? { ...stored } : {};
  for (const f of SCHEDULED_EVENT_FIELDS) if (values[f] !== undefined && !errors.some((e) => e.field === f)) input[f] = values[f];
  const parsed = scheduledEventInputSchema.safeParse(input);
  if (!parsed.success) errors.push(...rowErrorsOf(parsed.error).filter((e) => !errors.some((known) => known.field === e.field)));
  return { externalKey: key || null, values, definition: errors.length === 0 && parsed.success ? parsed.data : null, publish, errors };
}

/** Each row's earlier line with the same key (case ignored), for `duplicate-in-file`. */
export function earlierLines<R>(rows: readonly R[], keyOf: (row: R) => string | null, lineOf: (row: R) => number): Map<R, number> {
  const first = new Map<string, number>();
  const earlier = new Map<R, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const line = first.get(key);
    if (line === undefined) first.set(key, lineOf(row));
    else earlier.set(row, line);
  }
  return earlier;
}
