import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { AppError } from '@portal/kernel';
import { decodeCsv, delimiterOf, uploadedBytes } from '@portal/platform';
import { IMPORT_HEADER_KEYS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, headerKey, type ImportField } from '../../contracts/index.js';
import type { MultipartRequest } from '../shared/multipart.js';

/** A parsed import file: its columns (the field each header names, null when unknown) and its rows of cells. */
export interface ImportTable {
  columns: { header: string; field: ImportField | null }[];
  rows: { line: number; cells: Partial<Record<ImportField, string>> }[];
}

const tooLarge = () => new AppError('import-too-large', undefined, [{ path: 'file', message: 'import-too-large', code: 'too_big' }], { rows: IMPORT_MAX_ROWS, megabytes: IMPORT_MAX_BYTES / 1024 / 1024 });
const badFile = (message: string, code: string, params?: Record<string, string | number>) => new AppError('app/bed-request', `The file cannot be imported: ${message}`, [{ path: 'file', message: code, code }], params);

/** The bytes of the multipart field `file`: at most IMPORT_MAX_BYTES (import-too-large, 413). */
export async function readImportUpload(req: MultipartRequest): Promise<Buffer> {
  const required = () => new AppError('app/bed-request', 'Send the CSV file as multipart/form-data field "file"', [{ path: 'file', message: 'required' }]);
  if (!req.isMultipart?.() || !req.file) throw required();
  const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!part) throw required();
  const bytes = await uploadedBytes(part);
  if (!bytes || part.file.truncated || bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  return bytes;
}

/**
 * Parses an import file with csv-parse: the first row names the columns (pt-BR, es or en headers,
 * IMPORT_COLUMNS), rows with only empty cells are skipped. 400 for a file that is no CSV, has no
 * e-mail column or names a field twice; import-too-large (413) over IMPORT_MAX_ROWS rows.
 */
export function parseImportCsv(bytes: Buffer): ImportTable {
  const text = decodeCsv(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      // the header and one row beyond the limit: enough to know the file is too large
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) throw badFile(error.message, 'csv', { line: Number(error['lines'] ?? 0) });
    throw error;
  }
  const [head, ...body] = records;
  if (!head) throw badFile('the file is empty', 'required');
  if (body.length > IMPORT_MAX_ROWS) throw tooLarge();
  const columns = head.record.map((header) => ({ header: header.trim(), field: IMPORT_HEADER_KEYS.get(headerKey(header)) ?? null }));
  const named = columns.map((c) => c.field).filter((f): f is ImportField => f !== null);
  const twice = named.find((f, i) => named.indexOf(f) !== i);
  if (twice) throw badFile(`two columns name ${twice}`, 'duplicateColumn', { field: twice });
  if (!named.includes('email')) throw badFile('no e-mail column', 'emailColumn');
  const rows = body.map(({ record, info }) => {
    const cells: Partial<Record<ImportField, string>> = {};
    columns.forEach((c, i) => {
      const value = record[i]?.trim();
      if (c.field && value) cells[c.field] = value;
    });
    return { line: info.lines, cells };
  });
  return { columns, rows };
}
