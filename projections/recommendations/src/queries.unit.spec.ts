import { describe, expect, it } from 'vitest';
import { contentStatusOf } from '@portal/learning/contracts';
import type { EntryStateRow } from './queries.js';

// Issue 26 item 16, issue 28 item 3: a recommended entry's status is learning's rule (000 §4.1),
// read from this projection's entry state; there is no second copy of it here.
describe('the status of a recommended entry', () => {
  const state = (over: Partial<EntryStateRow> = {}): EntryStateRow => ({ viewsCount: 0, seconds: 0, duration: 10, percent: 0, completedCount: 0, ...over });
  const shown = (s: EntryStateRow | null) => {
    const { status, progress } = contentStatusOf(s, false);
    return { status, progress };
  };
  it('is started for a 10-second video at 60 %, like the learner screens say', () => {
    expect(shown(state({ seconds: 6, percent: 0.6 }))).toEqual({ status: 'started', progress: 60 });
    expect(shown(state({ viewsCount: 1 }))).toEqual({ status: 'started', progress: 0 });
  });
  it('is initial with nothing, completed once completed', () => {
    expect(shown(null)).toEqual({ status: 'initial', progress: 0 });
    expect(shown(state())).toEqual({ status: 'initial', progress: 0 });
    expect(shown(state({ completedCount: 1, seconds: 10, percent: 1 }))).toEqual({ status: 'completed', progress: 100 });
  });
});
