import { describe, expect, it } from 'vitest';
import { contentStatusOf } from './queries.js';

// Issue 26 item 16: the recommendations' status is learning's rule (000 §4.1), not a copy of it.
describe('the status of a recommended entry', () => {
  const state = (over: Partial<Parameters<typeof contentStatusOf>[0] & object> = {}) => ({ views: 0, seconds: 0, duration: 10, percent: 0, completedCount: 0, ...over });
  it('is started for a 10-second video at 60 %, like the learner screens say', () => {
    expect(contentStatusOf(state({ seconds: 6, percent: 0.6 }))).toEqual({ status: 'started', progress: 60 });
    expect(contentStatusOf(state({ views: 1 }))).toEqual({ status: 'started', progress: 0 });
  });
  it('is initial with nothing, completed once completed', () => {
    expect(contentStatusOf(undefined)).toEqual({ status: 'initial', progress: 0 });
    expect(contentStatusOf(state())).toEqual({ status: 'initial', progress: 0 });
    expect(contentStatusOf(state({ completedCount: 1, seconds: 10, percent: 1 }))).toEqual({ status: 'completed', progress: 100 });
  });
});
