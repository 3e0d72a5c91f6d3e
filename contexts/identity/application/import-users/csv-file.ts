import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { AppError } from '@portal/kernel';
import { decodeCsv, delimiterOf, uploadedBytes } from '@portal/platform';
import { IMPORT_HEADER_KEYS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_REQUIRED_FIELDS, headerKey, type ImportField, type NamePart } from '../../contracts/index.js';
import type { MultipartRequest } from '../shared/multipart.js';

/** A parsed import file: its columns (the field each header names, null when unknown) and its rows of cells. */
export interface ImportTable {
  columns: { header: string; field: ImportField | null; part?: NamePart }[];
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
 * IMPORT_COLUMNS, or a name in first and last name columns), rows with only empty cells and lines
 * starting with # are skipped. import-column-missing (400) without an e-mail or a name column
 * (ADR 0082); 400 app/bed-request for a file that is no CSV or names a field twice;
 * import-too-large (413) over IMPORT_MAX_ROWS rows.
 */
export function parseImportCsv(bytes: Buffer): ImportTable {
  const text = decodeCsv(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      // the template's lines that list each column's other names (ADR 0082)
      comment: '#',
      comment_no_infix: true,
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
  const columns = head.record.map((header) => {
    const meaning = IMPORT_HEADER_KEYS.get(headerKey(header));
    return { header: header.trim(), field: meaning?.field ?? null, ...(meaning?.part ? { part: meaning.part } : {}) };
  });
  // a field named twice; the name's first and last part are one field given in two columns
  const named = columns.filter((c) => c.field !== null).map((c) => (c.part ? `${c.field}.${c.part}` : c.field!));
  const whole = (f: string) => f.split('.')[0]!;
  const twice = named.find((f, i) => named.indexOf(f) !== i || (f.includes('.') && named.includes(whole(f))));
  if (twice) throw badFile(`two columns name ${whole(twice)}`, 'duplicateColumn', { field: whole(twice) });
  const missing = IMPORT_REQUIRED_FIELDS.filter((f) => !named.includes(f) && !(f === 'name' && named.includes('name.first')));
  if (missing.length > 0) {
    throw new AppError(
      'import-column-missing',
      `The file has no column for: ${missing.join(', ')}`,
      missing.map((field) => ({ path: 'file', message: 'columnMissing', code: field })),
      { fields: missing.join(',') },
    );
  }
  const rows = body.map(({ record, info }) => {
    const cells: Partial<Record<ImportField, string>> = {};
    const parts: Partial<Record<NamePart, string>> = {};
    columns.forEach((c, i) => {
      const value = record[i]?.trim();
      if (!c.field || !value) return;
      if (c.part) parts[c.part] = value;
      else cells[c.field] = value;
    });
    const name = [parts.first, parts.last].filter(Boolean).join(' ');
    if (name) cells.name = name;
    return { line: info.lines, cells };
  });
  return { columns, rows };
}
