import { Readable } from 'node:stream';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '@portal/kernel';
import { compareCheckpoints, type Checkpoint } from '@portal/eventstore';
import { decodeCsv, delimiterOf, uploadedBytes, type PortalRequest } from '@portal/platform';
import { EVENT_IMPORT_MAX_BYTES, EVENT_IMPORT_MAX_ROWS, importHeaderKey, importHeaderKeys, type ImportColumn } from '../../contracts/index.js';

export type ImportUploadRequest = PortalRequest & {
  isMultipart?: () => boolean;
  file?: (opts?: unknown) => Promise<{ filename: string; toBuffer(): Promise<Buffer>; file: { truncated: boolean } } | undefined>;
};

/** An uploaded import file: its bytes and the name it was sent with. */
export interface ImportUpload {
  fileName: string;
  bytes: Buffer;
}

/** A parsed import file: its format, its columns (the field each header names, null when unknown) and its rows of cells. */
export interface ImportTable<F extends string> {
  format: 'csv' | 'xlsx';
  columns: { header: string; field: F | null }[];
  rows: { line: number; cells: Partial<Record<F, string>> }[];
}

const tooLarge = () =>
  new AppError('event-import-too-large', undefined, [{ path: 'file', message: 'event-import-too-large', code: 'too_big' }], {
    rows: EVENT_IMPORT_MAX_ROWS,
    megabytes: EVENT_IMPORT_MAX_BYTES / 1024 / 1024,
  });
const badFile = (message: string, code: string, params?: Record<string, string | number>) =>
  new AppError('app/bed-request', `The file cannot be imported: ${message}`, [{ path: 'file', message: code, code }], params);

/** The multipart field `file`: at most EVENT_IMPORT_MAX_BYTES (event-import-too-large, 413). */
export async function readImportUpload(req: ImportUploadRequest): Promise<ImportUpload> {
  const required = () => new AppError('app/bed-request', 'Send the CSV or XLSX file as multipart/form-data field "file"', [{ path: 'file', message: 'required' }]);
  if (!req.isMultipart?.() || !req.file) throw required();
  const part = await req.file({ limits: { fileSize: EVENT_IMPORT_MAX_BYTES, files: 1 } });
  if (!part) throw required();
  const bytes = await uploadedBytes(part);
  if (!bytes || part.file.truncated || bytes.length > EVENT_IMPORT_MAX_BYTES) throw tooLarge();
  return { fileName: part.filename ?? '', bytes };
}

/** An XLSX file is a zip archive: it starts with "PK\x03\x04". */
const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A spreadsheet cell as the text a CSV would hold. Dates (exceljs reads them as UTC): a time of
 * day alone (Excel's day 0, 1899-12-30) is "HH:mm", a day at midnight "YYYY-MM-DD"; formulas give
 * their result, rich text its plain text, hyperlinks their text.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
    if (day === '1899-12-30') return time;
    return time === '00:00' ? day : `${day} ${time}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The first worksheet of an XLSX file read as a stream (exceljs WorkbookReader), stopping past the row limit. */
async function xlsxRecords(bytes: Buffer): Promise<{ record: string[]; line: number }[]> {
  const records: { record: string[]; line: number }[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const record = Array.from({ length: values.length }, (_, i) => cellText(values[i] as ExcelJS.CellValue).trim());
        if (record.every((c) => c === '')) continue;
        records.push({ record, line: row.number });
        if (records.length > EVENT_IMPORT_MAX_ROWS + 1) throw tooLarge();
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badFile(error instanceof Error ? error.message : 'not a spreadsheet', 'xlsx');
  }
  return records;
}

function csvRecords(bytes: Buffer): { record: string[]; line: number }[] {
  const text = decodeCsv(bytes);
  try {
    const parsed = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      // the header and one row beyond the limit: enough to know the file is too large
      to: EVENT_IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map((r) => ({ record: r.record, line: r.info.lines }));
  } catch (error) {
    if (error instanceof CsvError) throw badFile(error.message, 'csv', { line: Number(error['lines'] ?? 0) });
    throw error;
  }
}

/**
 * Parses an import file (ADR 0062): XLSX (by its content: a zip archive) through exceljs's
 * streaming reader, anything else as CSV with csv-parse; the first row names the columns in
 * pt-BR, es or en (`columns`), rows with only empty cells are skipped. 400 for a file that cannot
 * be read, lacks a `required` column or names a field twice; event-import-too-large (413) past
 * EVENT_IMPORT_MAX_ROWS rows.
 */
export async function parseImportFile<F extends string>(upload: ImportUpload, columnsOf: Record<F, ImportColumn>, required: readonly F[]): Promise<ImportTable<F>> {
  const format = isZip(upload.bytes) ? 'xlsx' : 'csv';
  const records = format === 'xlsx' ? await xlsxRecords(upload.bytes) : csvRecords(upload.bytes);
  const [head, ...body] = records;
  if (!head) throw badFile('the file is empty', 'required');
  if (body.length > EVENT_IMPORT_MAX_ROWS) throw tooLarge();
  const keys = importHeaderKeys(columnsOf);
  const columns = head.record.map((header) => ({ header: header.trim(), field: keys.get(importHeaderKey(header)) ?? null }));
  const named = columns.map((c) => c.field).filter((f): f is F => f !== null);
  const twice = named.find((f, i) => named.indexOf(f) !== i);
  if (twice) throw badFile(`two columns name ${twice}`, 'duplicateColumn', { field: twice });
  const missing = required.find((f) => !named.includes(f));
  if (missing) throw badFile(`no ${missing} column`, 'missingColumn', { field: missing });
  const rows = body.map(({ record, line }) => {
    const cells: Partial<Record<F, string>> = {};
    columns.forEach((c, i) => {
      const value = record[i]?.trim();
      if (c.field && value) cells[c.field] = value;
    });
    return { line, cells };
  });
  return { format, columns, rows };
}

/** Runs `fn` on every item, at most `limit` at a time. */
export async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The latest of the checkpoints an import's appends reached (the answer's position). */
export class ReachedCheckpoint {
  value: Checkpoint | null = null;

  reach(c: Checkpoint | null | undefined): void {
    if (c && (!this.value || compareCheckpoints(c, this.value) > 0)) this.value = c;
  }
}

/** A decider's refusal as a row error (its code); anything else is no row's fault and fails the import. */
export const refusalOf = (error: unknown, field: string): { field: string; code: string } => {
  if (error instanceof AppError) return { field, code: error.code };
  throw error;
};
