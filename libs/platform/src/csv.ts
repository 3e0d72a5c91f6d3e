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
