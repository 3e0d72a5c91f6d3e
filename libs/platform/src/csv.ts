import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
export const safeCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

/**
 * The one CSV shape of the portal's exports: a header row of `columns`, each record's values in
 * that order made safe for spreadsheets, UTF-8 with a BOM so spreadsheets read accents.
 */
export function csvOf<R>(columns: readonly (keyof R & string)[], records: readonly R[]): string {
  const rows = records.map((r) => columns.map((c) => safeCell(r[c])));
  return `\uFEFF${stringify(rows, { header: true, columns: [...columns] })}`;
}

/** An uploaded CSV's text: UTF-8 (with or without BOM), or Windows-1252 when the bytes are no UTF-8 (a spreadsheet's "CSV" save in pt-BR and es). */
export function decodeCsv(bytes: Buffer): string {
  const text = (() => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return new TextDecoder('windows-1252').decode(bytes);
    }
  })();
  return text.replace(/^\uFEFF/, '');
}

/** The separator the header line uses most: comma, semicolon (spreadsheets in pt-BR and es) or tab. */
export function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: header.split(d).length - 1 }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best)).d;
}
