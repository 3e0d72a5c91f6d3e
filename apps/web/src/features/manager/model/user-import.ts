import { IMPORT_FIELDS, IMPORT_NAME_PART_HEADERS, importColumnAliases, importTemplateHeaders, type ImportAction, type ImportField, type ImportRow, type ImportRowError, type ImportUsersResponse } from '@portal/identity/contracts/user-import.http';
import type { Locale, Permission } from '@portal/kernel';
import { isApiError } from '../../../shared/api/api-error';
import type { FieldRule } from '../../../shared/forms/field-rules';
import { ruleFromServer } from '../../../shared/forms/server-rules';
import type { UserFormField } from './user-form';

/**
 * The import screen of bulk onboarding (ADR 0055), pure: which rows the table shows, the text of
 * each row error, the template file and what the server said about a file it could not read.
 */
export type ImportRowFilter = 'all' | ImportAction;
export const IMPORT_ROW_FILTERS: readonly ImportRowFilter[] = ['all', 'invalid', 'create', 'update', 'unchanged'];
export const IMPORT_PAGE_SIZE = 50;

export const filterRows = (rows: readonly ImportRow[], filter: ImportRowFilter): ImportRow[] => (filter === 'all' ? [...rows] : rows.filter((r) => r.action === filter));

/** The rows of page `page` (1-based) and how many pages there are (at least one). */
export function pageOf<T>(rows: readonly T[], page: number): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / IMPORT_PAGE_SIZE));
  const at = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((at - 1) * IMPORT_PAGE_SIZE, at * IMPORT_PAGE_SIZE), pages, page: at };
}

/** The rows the import would write (or wrote). */
export const importable = (totals: ImportUsersResponse['totals']): number => totals.create + totals.update;

/** A field's label key in the manager namespace (fields.*), or null for the row as a whole. */
export type ImportFieldLabel = Exclude<UserFormField, 'allStations'> | 'companyId';
export function fieldLabel(field: string): ImportFieldLabel | null {
  if (field === 'allowedStations') return 'stations';
  if (field === 'row') return null;
  return field as ImportFieldLabel;
}

/** How an error reads: a 001 §5 rule, a catalogue code (errors namespace), or one of the import's own texts. */
export type ImportErrorText =
  | { kind: 'rule'; rule: FieldRule }
  | { kind: 'catalogue'; code: string }
  | { kind: 'unknownValue'; value: string }
  | { kind: 'invalidValue'; value: string | null }
  | { kind: 'duplicate'; line: number }
  | { kind: 'notHeld'; value: string }
  | { kind: 'needs'; permission: Permission; value: string }
  | { kind: 'ownAccess' };

const CATALOGUE_CODES = new Set(['email-already-in-use', 'company-email-already-in-use', '403', '404', 'company-invalid']);

export function importErrorText(error: ImportRowError): ImportErrorText {
  const rule = ruleFromServer(error.code, { length: error.limit });
  if (rule) return { kind: 'rule', rule };
  if (error.code === 'reference-item-invalid') return { kind: 'unknownValue', value: error.value ?? '' };
  if (error.code === 'duplicate-in-file') return { kind: 'duplicate', line: error.limit ?? 0 };
  if (error.code === 'not-held') return { kind: 'notHeld', value: error.value ?? '' };
  if (error.code === 'own-access') return { kind: 'ownAccess' };
  if (error.code.startsWith('needs:')) return { kind: 'needs', permission: error.code.slice('needs:'.length) as Permission, value: error.value ?? '' };
  if (CATALOGUE_CODES.has(error.code)) return { kind: 'catalogue', code: error.code };
  return { kind: 'invalidValue', value: error.value ?? null };
}

/** The template's words around the column names (translated by the screen). */
export interface TemplateNotes {
  /** what the lines starting with # are */
  note: string;
  /** the name given in two columns: its first part, its last part */
  first: string;
  last: string;
}

/**
 * The template's file: every column's header in the language, a BOM so spreadsheets read UTF-8;
 * semicolons for pt-BR and es spreadsheets. Below the header, lines starting with # (the import
 * skips them, ADR 0082): what they are, then each column's other accepted names, and the names of
 * the first and last name columns a name may be given in instead.
 */
export function importTemplate(lang: Locale, notes: TemplateNotes): string {
  const delimiter = lang === 'en' ? ',' : ';';
  const headers = importTemplateHeaders(lang);
  const line = (label: string, names: readonly string[]) => `# ${label}: ${names.join(' | ')}`;
  const names = IMPORT_FIELDS.map((field, i) => ({ label: headers[i]!, names: importColumnAliases(field, lang) })).filter((c) => c.names.length > 0);
  const lines = [headers.join(delimiter), `# ${notes.note}`, ...names.map((c) => line(c.label, c.names)), line(notes.first, IMPORT_NAME_PART_HEADERS.first), line(notes.last, IMPORT_NAME_PART_HEADERS.last)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
export const templateFileName = (lang: Locale): string => `${{ 'pt-BR': 'modelo-usuarios', es: 'plantilla-usuarios', en: 'users-template' }[lang]}.csv`;

/** Why the server could not read the file (app/bed-request naming `file`, import-column-missing with the columns), or null for another failure. */
export type FileProblem = 'csv' | 'duplicateColumn' | 'required' | 'tooLarge' | { missing: ImportField[] };
export function fileProblem(error: unknown): FileProblem | null {
  if (!isApiError(error)) return null;
  if (error.code === 'import-too-large') return 'tooLarge';
  if (error.code === 'import-column-missing') {
    return { missing: error.details.map((d) => d.code).filter((f): f is ImportField => (IMPORT_FIELDS as readonly (string | undefined)[]).includes(f)) };
  }
  const detail = error.details.find((d) => d.path === 'file');
  if (!detail) return null;
  return (['csv', 'duplicateColumn', 'required'] as const).find((p) => p === detail.message) ?? 'csv';
}

/** A row value as the table shows it: lists joined, yes/no left to the caller. */
export const shownValue = (value: ImportRow['values'][keyof ImportRow['values']]): string | boolean | undefined => (Array.isArray(value) ? value.join(', ') : value);
