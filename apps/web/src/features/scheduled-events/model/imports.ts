import { ATTENDEE_IMPORT_COLUMNS, EVENT_IMPORT_COLUMNS, importTemplateRow, type EventImportRowError } from '@portal/events/contracts/imports.http';
import type { Locale } from '@portal/kernel';

export type ImportKind = 'events' | 'attendees';

/** Spreadsheets in pt-BR and es split CSV on semicolons; en on commas. */
const delimiterFor = (lang: Locale) => (lang === 'en' ? ',' : ';');
const quoted = (cell: string, d: string) => (cell.includes(d) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);

/** An example row per kind, so the template shows how days, hours, lists and yes/no are written. */
const EXAMPLES: Record<ImportKind, Record<Locale, string[]>> = {
  events: {
    'pt-BR': ['DC-2026-01', 'Dia de campo: soja', 'field-day', '', '10/12/2026', '09:00', '12:00', '', 'BR', 'Londrina - PR', '', '', '', 'campo; soja', '', '', 'Sul', '', '', 'Produtores', '40', '', '30', 'sim'],
    es: ['DC-2026-01', 'Día de campo: soja', 'field-day', '', '10/12/2026', '09:00', '12:00', '', 'BR', 'Londrina - PR', '', '', '', 'campo; soja', '', '', 'Sur', '', '', 'Productores', '40', '', '30', 'sí'],
    en: ['FD-2026-01', 'Field day: soybean', 'field-day', '', '2026-12-10', '09:00', '12:00', '', 'BR', 'Londrina - PR', '', '', '', 'field; soybean', '', '', 'South', '', '', 'Growers', '40', '', '30', 'yes'],
  },
  attendees: {
    'pt-BR': ['DC-2026-01', 'produtor@exemplo.com.br', 'pt-BR'],
    es: ['DC-2026-01', 'productor@ejemplo.com', 'es'],
    en: ['FD-2026-01', 'grower@example.com', 'en'],
  },
};

/** The template of a kind in a language: its headers (the server reads them in any of the three) and an example row, with a BOM. */
export function importTemplate(kind: ImportKind, lang: Locale): string {
  const d = delimiterFor(lang);
  const header = kind === 'events' ? importTemplateRow(EVENT_IMPORT_COLUMNS, lang) : importTemplateRow(ATTENDEE_IMPORT_COLUMNS, lang);
  return `\uFEFF${[header, EXAMPLES[kind][lang]].map((r) => r.map((c) => quoted(c, d)).join(d)).join('\r\n')}\r\n`;
}

export const templateFileName = (kind: ImportKind, lang: Locale): string => `${kind === 'events' ? 'events' : 'event-attendees'}-template-${lang}.csv`;

/** The 001 §5 messages the form uses, by the codes the import answers. */
const RULES = new Set(['required', 'maxLength', 'between', 'integer', 'email']);

export type ImportErrorText =
  | { kind: 'rule'; rule: string; limit?: number }
  | { kind: 'duplicate'; line: number }
  | { kind: 'invalidValue'; value?: string }
  | { kind: 'format'; format: 'date' | 'time' | 'timezone' | 'country' | 'after-start' }
  | { kind: 'catalogue'; code: string };

const FORMATS = new Set(['date', 'time', 'timezone', 'country', 'after-start']);

/** What a row error says, for the screen to word in its language. */
export function importErrorText(error: EventImportRowError): ImportErrorText {
  if (error.code === 'duplicate-in-file') return { kind: 'duplicate', line: error.limit ?? 0 };
  if (error.code === 'invalid-value') return { kind: 'invalidValue', value: error.value };
  if (FORMATS.has(error.code)) return { kind: 'format', format: error.code as 'date' };
  if (RULES.has(error.code)) return { kind: 'rule', rule: error.code, limit: error.limit };
  return { kind: 'catalogue', code: error.code };
}

/** The file problems the API names (400 details on `file`, 413), as keys of the screen's messages. */
export function fileProblem(error: unknown): 'tooLarge' | 'missingColumn' | 'duplicateColumn' | 'unreadable' | null {
  const e = error as { statusCode?: number; code?: string; details?: { path?: string; message?: string }[] };
  if (e?.code === 'event-import-too-large' || e?.statusCode === 413) return 'tooLarge';
  const detail = e?.details?.find((d) => d.path === 'file');
  if (!detail) return null;
  if (detail.message === 'missingColumn' || detail.message === 'duplicateColumn') return detail.message;
  return 'unreadable';
}

export const IMPORT_PAGE_SIZE = 50;

/** Rows with errors first (the ones to fix), then the rest in the file's order; one page of them. */
export function rowsPage<R extends { line: number; action: string }>(rows: readonly R[], page: number): { rows: R[]; pages: number } {
  const sorted = [...rows].sort((a, b) => Number(b.action === 'invalid') - Number(a.action === 'invalid') || a.line - b.line);
  const pages = Math.max(1, Math.ceil(sorted.length / IMPORT_PAGE_SIZE));
  const p = Math.min(Math.max(1, page), pages);
  return { rows: sorted.slice((p - 1) * IMPORT_PAGE_SIZE, p * IMPORT_PAGE_SIZE), pages };
}
