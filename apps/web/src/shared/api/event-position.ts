/**
 * Read-your-writes (architecture §3): every command answer carries `x-event-position`; the
 * next reads send the latest one as `x-min-position` so the server waits for its projections.
 */
export const EVENT_POSITION_HEADER = 'x-event-position';
export const MIN_POSITION_HEADER = 'x-min-position';

/** The store's positions: `<transaction>.<position>` (Postgres) or a plain number. */
const POSITION = /^(\d+)(?:\.(\d+))?$/;

const parsePosition = (value: string): [bigint, bigint] | null => {
  const match = POSITION.exec(value);
  return match ? [BigInt(match[1]!), BigInt(match[2] ?? '0')] : null;
};

/**
 * The position to remember after an answer carrying `incoming`. Positions the store writes only
 * move forward (transaction first, then position), so two commands answered out of order cannot
 * make a later read skip the first one's events; positions in another shape are taken as they come.
 */
export const nextEventPosition = (current: string | undefined, incoming: string | null | undefined): string | undefined => {
  const value = incoming?.trim();
  if (!value) return current;
  const before = current === undefined ? null : parsePosition(current);
  const after = parsePosition(value);
  if (before && after) {
    const later = after[0] > before[0] || (after[0] === before[0] && after[1] > before[1]);
    return later ? value : current;
  }
  return value;
};

let latestEventPosition: string | undefined;

/** The latest position this page saw; sent as x-min-position on reads. */
export const currentEventPosition = (): string | undefined => latestEventPosition;

/** Remembers the x-event-position header of an answer (numeric positions only move forward). */
export const rememberEventPosition = (header: string | null | undefined): void => {
  latestEventPosition = nextEventPosition(latestEventPosition, header);
};

/** For tests and sign-out: forget the read-your-writes position. */
export const resetEventPosition = (): void => {
  latestEventPosition = undefined;
};
