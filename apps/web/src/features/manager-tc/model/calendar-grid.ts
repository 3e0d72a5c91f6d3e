/**
 * The month grid of the staff calendar (weeks starting on Sunday by default), and the colour
 * intensity of a day: pure, unit tested.
 */
export type GridCell = { date: string } | null;

export function monthGrid(month: string, firstDayOfWeek: 0 | 1 = 0): GridCell[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() - firstDayOfWeek + 7) % 7;
  const cells: GridCell[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push({ date: `${month}-${String(d).padStart(2, '0')}` });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: GridCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "#2f9e44" at an opacity (0..1) as rgba(), for a day's background by how full it is. */
export function tint(color: string, opacity: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1] ?? '10384f';
  const n = Number.parseInt(hex, 16);
  const a = Math.max(0, Math.min(1, opacity));
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a.toFixed(2)})`;
}

/** How full a day is: confirmed seats over the seats its slots offer. */
export const occupancy = (confirmed: number, slots: number, capacity: number): number => (slots * capacity === 0 ? 0 : confirmed / (slots * capacity));

/** "2026-11" -> "2026-12" (n months later). */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Weekday names in the reader's language, in grid order. */
export function weekdayNames(locale: string, firstDayOfWeek: 0 | 1 = 0, style: 'short' | 'long' = 'short'): string[] {
  // 2026-11-01 is a Sunday
  return Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 1 + ((i + firstDayOfWeek) % 7)))),
  );
}
