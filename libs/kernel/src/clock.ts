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
