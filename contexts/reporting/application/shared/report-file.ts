import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { drainOrClose, safeCell, writeXlsx } from '@portal/platform';
import type { Locale } from '@portal/kernel';
import { REPORT_FILE_WORDS, REPORTS, reportCellLabel, type ReportColumn, type ReportFormat, type ReportName } from '../../contracts/index.js';

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `answers-2026-11-21T10-00-00Z.csv` */
export const reportFileName = (report: ReportName, format: ReportFormat, at: Date): string => `${report}-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.${format}`;

export interface ReportFile {
  report: ReportName;
  columns: readonly ReportColumn[];
  lang: Locale;
  format: ReportFormat;
  /** the filters as given (written in the first rows) */
  filters: Record<string, string>;
  /** a name to show beside a filter's id (the company's name, the station's title): `filterLabels` */
  labels?: Record<string, string>;
  asOf: { requested: string; position: string | null } | null;
  exportedAt: Date;
  rows: AsyncIterable<Record<string, unknown>>;
}

/**
 * A filter's value as the file writes it: the sort column by its header and the direction in
 * words (the reader's language, as the column headers), a company or station by its name with the
 * id beside it, the rest as typed, made safe for spreadsheets like the cells (a free-text filter is
 * the caller's input).
 */
function filterText(file: ReportFile, name: string, value: string): string {
  const words = REPORT_FILE_WORDS[file.lang];
  if (name === 'sort') return file.columns.find((c) => c.key === value)?.header[file.lang] ?? value;
  if (name === 'dir' && (value === 'asc' || value === 'desc')) return words[value];
  const label = file.labels?.[name];
  return label ? `${safeCell(label)} (${safeCell(value)})` : safeCell(value);
}

/** The file's first rows: the report, when, "as of", each filter given (a blank row follows them). */
function preamble(file: ReportFile): [string, string][] {
  const words = REPORT_FILE_WORDS[file.lang];
  const lines: [string, string][] = [
    [words.report, REPORTS[file.report].title[file.lang]],
    [words.exportedAt, file.exportedAt.toISOString()],
    [words.asOf, file.asOf ? `${file.asOf.requested} (${file.asOf.position ?? '0'})` : words.live],
  ];
  for (const [name, value] of Object.entries(file.filters)) {
    if (name === 'asOf' || name === 'lang') continue;
    lines.push([(words as Record<string, string>)[name] ?? name, filterText(file, name, value)]);
  }
  return lines;
}

function cells(file: ReportFile, row: Record<string, unknown>): (string | number | null)[] {
  const words = REPORT_FILE_WORDS[file.lang];
  return file.columns.map((c) => {
    const v = row[c.key];
    if (v === null || v === undefined) return null;
    if (c.kind === 'boolean') return v ? words.yes : words.no;
    if (c.kind === 'number') return Number(v);
    return safeCell(c.values ? reportCellLabel(c, String(v), file.lang) : v);
  });
}

/** CSV rows per write: one chunk of about 100 KB instead of one per row (each chunk is a compression job of its own when the answer is compressed). */
const CSV_ROWS_PER_CHUNK = 500;

/**
 * Writes a report file as the rows arrive (ADR 0070): CSV with csv-stringify (UTF-8 with a BOM),
 * CSV_ROWS_PER_CHUNK rows per write, or XLSX with the portal's streamed sheet (`writeXlsx`,
 * libs/platform); the filters in the first rows, the headers in the reader's locale. Waits for the
 * output to drain, so memory stays constant at any size. Stops early when `out` is destroyed (the
 * download was cut off). Returns the data rows written.
 */
export async function writeReportFile(file: ReportFile, out: Writable): Promise<{ rows: number; complete: boolean }> {
  const header = file.columns.map((c) => c.header[file.lang]);
  if (file.format === 'xlsx') {
    return writeXlsx({ name: REPORTS[file.report].title[file.lang], preamble: preamble(file), header, rows: xlsxRows(file) }, out);
  }
  let rows = 0;
  const write = async (lines: unknown[][], prefix = '') => {
    if (!out.write(prefix + stringify(lines))) await drainOrClose(out);
  };
  await write([...preamble(file), [], header], '\ufeff');
  let batch: unknown[][] = [];
  for await (const row of file.rows) {
    if (out.destroyed) return { rows, complete: false };
    batch.push(cells(file, row).map((v) => (v === null ? '' : v)));
    if (batch.length === CSV_ROWS_PER_CHUNK) {
      await write(batch);
      rows += batch.length;
      batch = [];
    }
  }
  if (out.destroyed) return { rows, complete: false };
  if (batch.length > 0) {
    await write(batch);
    rows += batch.length;
  }
  out.end();
  await once(out, 'finish').catch(() => undefined);
  return { rows, complete: !out.destroyed || out.writableFinished };
}

async function* xlsxRows(file: ReportFile): AsyncGenerator<(string | number | null)[]> {
  for await (const row of file.rows) yield cells(file, row);
}
