/** Time arrives from outside the domain; tests use a fixed clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const fixedClock = (iso: string): Clock & { set(iso: string): void; advance(ms: number): void } => {
  let current = new Date(iso);
  return {
    now: () => new Date(current),
    set: (next) => { current = new Date(next); },
    advance: (ms) => { current = new Date(current.getTime() + ms); },
  };
};

/**
 * An instant as an ISO 8601 UTC string ("2026-11-21T10:00:00.000Z"), from what a database row or a
 * JSON column hands over (typed unknown in raw SQL rows): a Date, a timestamp string or
 * milliseconds since the epoch; anything else throws RangeError (Invalid time value). The one
 * conversion every read model and answer uses (issue 28; a second `const iso =` fails
 * tools/src/single-definitions.unit.spec.ts).
 */
export const iso = (value: unknown): string => new Date(value as Date | string | number).toISOString();

/** `iso`, with null (or undefined: a missing column) read as null. */
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
