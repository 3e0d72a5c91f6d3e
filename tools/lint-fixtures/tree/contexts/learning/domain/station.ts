// Clean: a pure decider helper, imported by the fixtures that break other rules.
export const evolve = (state: number, event: { delta: number }) => state + event.delta;
