import { drainOrClose } from './drain.js';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { safeCell } from './csv.js';

/** A cell of a streamed sheet: text (made safe from formulas), a number, a date-time (shown `yyyy-mm-dd hh:mm`), or empty. */
export type XlsxCell = string | number | Date | null;

/**
 * The one shape of the portal's XLSX files (report exports, ADR 0070; the scheduled-event report,
 * ADR 0062): lines naming what the sheet is about (a bold label and its value each), a blank line,
 * the bold header (the panes frozen below it), then one line per row.
 */
export interface XlsxSheet {
  /** the worksheet's name (cut to Excel's 31 characters) */
  name: string;
  /** what the file is about: one label and its value per line, above the table */
  preamble: readonly (readonly [label: string, value: XlsxCell])[];
  header: readonly string[];
  /** column widths in characters, by position (absent: the spreadsheet's default) */
  widths?: readonly (number | undefined)[];
  /** the table's rows, in the header's order, read as they are written */
  rows: AsyncIterable<readonly XlsxCell[]> | Iterable<readonly XlsxCell[]>;
}

/*
 * Three styles, each one object shared by every cell that has it: exceljs' style registry knows an
 * object it has seen (a WeakMap), so a row costs no style lookup, and the file's style table stays
 * three entries long however many rows it has.
 */
const PLAIN: Partial<ExcelJS.Style> = {};
const BOLD: Partial<ExcelJS.Style> = { font: { bold: true } };
const DATE_TIME: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd hh:mm' };

function addLine(sheet: ExcelJS.Worksheet, values: readonly XlsxCell[], bold: (column: number) => boolean): void {
  const row = sheet.addRow(values.map((v) => (typeof v === 'string' ? safeCell(v) : v)));
  for (let i = 0; i < values.length; i += 1) row.getCell(i + 1).style = bold(i) ? BOLD : values[i] instanceof Date ? DATE_TIME : PLAIN;
  row.commit();
}
const none = () => false;
const all = () => true;
const first = (i: number) => i === 0;

/**
 * Writes a sheet to `out` with exceljs' streaming WorkbookWriter, each line committed as it is
 * written (no shared strings; three shared styles), waiting for `out` to drain: memory
 * stays flat whatever the number of rows. Stops when `out` is destroyed (a download cut off).
 * Returns the table rows written and whether the file was finished.
 */
export async function writeXlsx(sheet: XlsxSheet, out: Writable): Promise<{ rows: number; complete: boolean }> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = book.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: sheet.preamble.length + 2 }] });
  if (sheet.widths) ws.columns = sheet.header.map((_, i) => (sheet.widths?.[i] ? { width: sheet.widths[i] } : {}));
  for (const [label, value] of sheet.preamble) addLine(ws, [label, value], first);
  ws.addRow([]).commit();
  addLine(ws, sheet.header, all);
  let rows = 0;
  for await (const row of sheet.rows) {
    if (out.destroyed) return { rows, complete: false };
    addLine(ws, row, none);
    rows += 1;
    if (out.writableNeedDrain) await drainOrClose(out);
  }
  if (out.destroyed) return { rows, complete: false };
  ws.commit();
  await book.commit();
  return { rows, complete: true };
}

/** The sheet as a stream to answer with (a route returning a Readable); a failure while writing ends the stream with the error. */
export function xlsxStream(sheet: XlsxSheet): Readable {
  const stream = new PassThrough();
  writeXlsx(sheet, stream).catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
