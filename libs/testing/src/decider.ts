import { expect } from 'vitest';
import { AppError } from '@portal/kernel';

/** Given events / when command / then events, for pure deciders (emmett's DeciderSpecification). */
export function deciderSpec<S, C, E>(decider: { decide: (c: C, s: S) => E[]; evolve: (s: S, e: E) => S; initial: () => S }) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initial());
      return {
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenThrows(code: string) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(AppError);
              expect((caught as AppError).code).toBe(code);
            },
          };
        },
      };
    },
  };
}
