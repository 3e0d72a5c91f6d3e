import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { writeXlsx, xlsxStream, type XlsxCell, type XlsxSheet } from './xlsx.js';

/** A sink that keeps what it is given, `delayMs` per chunk (a slow download), with a small buffer so backpressure happens. */
function sink(delayMs = 0): Writable & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      if (delayMs > 0) setTimeout(done, delayMs);
      else done();
    },
  });
  return Object.assign(out, { bytes: () => Buffer.concat(chunks) });
}

async function read(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(bytes).buffer);
  return book.worksheets[0]!;
}
const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

async function* slowly<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((r) => setImmediate(r));
    yield item;
  }
}

const sheetOf = (rows: XlsxSheet['rows'], extra: Partial<XlsxSheet> = {}): XlsxSheet => ({
  name: 'A sheet whose name is longer than Excel allows',
  preamble: [
    ['Report', 'Answers'],
    ['From', '=HYPERLINK("http://evil")'],
    ['Exported at', new Date('2026-11-21T10:00:00.000Z')],
  ],
  header: ['Name', 'Score', 'When', 'Note'],
  rows,
  ...extra,
});

describe('writeXlsx: the portal\'s streamed XLSX (libs/platform)', () => {
  it('writes the preamble, a blank line, the bold header and every row in order: numbers as numbers, dates as date cells, text safe from formulas', async () => {
    const rows: XlsxCell[][] = [
      ['Ana', 12.5, new Date('2026-11-20T09:10:00.000Z'), null],
      ['@SUM(A1)', 0, null, '-1+2'],
      ['Bia', -3, new Date('2026-11-20T09:20:00.000Z'), 'ok'],
    ];
    const out = sink();
    const result = await writeXlsx(sheetOf(slowly(rows), { widths: [32, undefined, 18] }), out);
    expect(result).toEqual({ rows: 3, complete: true });
    const sheet = await read(out.bytes());
    expect(sheet.name).toBe('A sheet whose name is longer th');
    expect(values(sheet, 1)).toEqual(['Report', 'Answers']);
    expect(values(sheet, 2)).toEqual(['From', `'=HYPERLINK("http://evil")`]);
    expect((values(sheet, 3)[1] as Date).toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(sheet.getRow(3).getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).getCell(2).font?.bold).not.toBe(true);
    expect(values(sheet, 4)).toEqual([]);
    expect(values(sheet, 5)).toEqual(['Name', 'Score', 'When', 'Note']);
    expect([1, 2, 3, 4].every((c) => sheet.getRow(5).getCell(c).font?.bold === true)).toBe(true);
    expect(values(sheet, 6)).toEqual(['Ana', 12.5, new Date('2026-11-20T09:10:00.000Z')]);
    expect(sheet.getRow(6).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getRow(6).getCell(1).font?.bold).not.toBe(true);
    expect(values(sheet, 7)).toEqual(["'@SUM(A1)", 0, undefined, "'-1+2"]);
    expect(values(sheet, 8)).toEqual(['Bia', -3, new Date('2026-11-20T09:20:00.000Z'), 'ok']);
    expect(sheet.rowCount).toBe(8);
    // the header stays in view while scrolling; the widths given are kept
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(sheet.getColumn(1).width).toBe(32);
    expect(sheet.getColumn(3).width).toBe(18);
  });

  it('waits for a slow reader: every one of many rows arrives once, in order', async () => {
    const n = 3000;
    const out = sink(1);
    const result = await writeXlsx(sheetOf(Array.from({ length: n }, (_, i) => [`row ${i}`, i, null, null])), out);
    expect(result).toEqual({ rows: n, complete: true });
    const sheet = await read(out.bytes());
    const written = Array.from({ length: n }, (_, i) => values(sheet, i + 6)[1]);
    expect(written).toEqual(Array.from({ length: n }, (_, i) => i));
  });

  it('stops when the reader goes away, saying how many rows it wrote', async () => {
    const out = sink();
    let given = 0;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for (;;) {
        given += 1;
        if (given === 50) out.destroy();
        yield [`row ${given}`, given, null, null];
        await new Promise((r) => setImmediate(r));
      }
    }
    const result = await writeXlsx(sheetOf(rows()), out);
    expect(result.complete).toBe(false);
    expect(result.rows).toBe(49);
  });

  it('xlsxStream answers a readable file, and an error while writing ends it with that error', async () => {
    const file = xlsxStream(sheetOf([['Ana', 1, null, null]]));
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    expect(values(await read(Buffer.concat(chunks)), 6)).toEqual(['Ana', 1]);

    async function* broken(): AsyncGenerator<XlsxCell[]> {
      yield ['Ana', 1, null, null];
      throw new Error('the database went away');
    }
    const failing = xlsxStream(sheetOf(broken()));
    await expect(
      (async () => {
        for await (const chunk of failing) void chunk;
      })(),
    ).rejects.toThrow('the database went away');
  });
});
