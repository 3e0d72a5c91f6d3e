import { describe, expect, it } from 'vitest';
import { effectiveDuration, initialReporterState, PROGRESS_INTERVAL_MS, resumePosition, stepReporter, type MediaSignal, type ReporterState } from './progress-reporter';

/** Runs signals through the reporter and answers the ticks sent. */
const run = (signals: Omit<MediaSignal, 'duration'>[], duration = 60) => {
  let state: ReporterState = initialReporterState();
  let ids = 0;
  const ticks = [];
  for (const signal of signals) {
    const step = stepReporter(state, { ...signal, duration }, () => `session-${++ids}`);
    state = step.state;
    if (step.tick) ticks.push(step.tick);
  }
  return { ticks, state };
};

describe('progress ticks of a media player', () => {
  it('sends play once per play session, then progress at most every 10 s while playing', () => {
    const signals: Omit<MediaSignal, 'duration'>[] = [{ type: 'play', now: 0, seconds: 0 }];
    // timeupdate four times a second for 25 s
    for (let ms = 250; ms <= 25_000; ms += 250) signals.push({ type: 'timeupdate', now: ms, seconds: ms / 1000 });
    const { ticks } = run(signals);
    expect(ticks.map((t) => [t.event, t.seconds])).toEqual([
      ['play', 0],
      ['progress', 10],
      ['progress', 20],
    ]);
    expect(new Set(ticks.map((t) => t.playSessionId))).toEqual(new Set(['session-1']));
  });

  it('reports pause, keeps the session on resume (no second play), and counts the 10 s from the last tick of any kind', () => {
    const { ticks } = run([
      { type: 'play', now: 0, seconds: 0 },
      { type: 'timeupdate', now: 4_000, seconds: 4 },
      { type: 'pause', now: 5_000, seconds: 5 },
      { type: 'timeupdate', now: 12_000, seconds: 5 },
      { type: 'play', now: 13_000, seconds: 5 },
      { type: 'timeupdate', now: 14_000, seconds: 6 },
      { type: 'timeupdate', now: 5_000 + PROGRESS_INTERVAL_MS, seconds: 7 },
      { type: 'timeupdate', now: 20_000, seconds: 12 },
    ]);
    expect(ticks.map((t) => `${t.event}@${t.seconds}`)).toEqual(['play@0', 'pause@5', 'progress@7']);
    expect(ticks.every((t) => t.playSessionId === 'session-1')).toBe(true);
  });

  it('reports a seek after the play, but not the resume seek before it', () => {
    const { ticks } = run([
      { type: 'seeked', now: 0, seconds: 30 },
      { type: 'play', now: 100, seconds: 30 },
      { type: 'seeked', now: 2_000, seconds: 50 },
    ]);
    expect(ticks.map((t) => `${t.event}@${t.seconds}`)).toEqual(['play@30', 'seek@50']);
  });

  it('ends with seconds = duration, ignores the pause fired right before ended, and starts a new session on replay', () => {
    const { ticks } = run(
      [
        { type: 'play', now: 0, seconds: 9.5 },
        { type: 'pause', now: 600, seconds: 10 },
        { type: 'ended', now: 601, seconds: 9.98 },
        { type: 'play', now: 5_000, seconds: 0 },
      ],
      10,
    );
    expect(ticks.map((t) => `${t.event}@${t.seconds}/${t.duration}:${t.playSessionId}`)).toEqual([
      'play@9.5/10:session-1',
      'end@10/10:session-1',
      'play@0/10:session-2',
    ]);
  });

  it('never reports a position beyond the duration', () => {
    const { ticks } = run([{ type: 'play', now: 0, seconds: 12 }], 10);
    expect(ticks[0]).toMatchObject({ seconds: 10, duration: 10 });
  });

  it('sends hide once when the page goes away (pagehide after visibilitychange), and again after a new tick', () => {
    const { ticks } = run([
      { type: 'hide', now: 0, seconds: 0 },
      { type: 'play', now: 100, seconds: 0 },
      { type: 'hide', now: 3_000, seconds: 3 },
      { type: 'hide', now: 3_010, seconds: 3 },
      { type: 'play', now: 8_000, seconds: 3 },
      { type: 'timeupdate', now: 14_000, seconds: 9 },
      { type: 'hide', now: 15_000, seconds: 10 },
    ]);
    expect(ticks.map((t) => `${t.event}@${t.seconds}`)).toEqual(['play@0', 'hide@3', 'progress@9', 'hide@10']);
  });

  it('reports where it stopped when the player goes away while playing, and nothing when paused', () => {
    expect(run([{ type: 'play', now: 0, seconds: 0 }, { type: 'unmount', now: 7_000, seconds: 7 }]).ticks.map((t) => t.event)).toEqual(['play', 'pause']);
    expect(
      run([
        { type: 'play', now: 0, seconds: 0 },
        { type: 'pause', now: 1_000, seconds: 1 },
        { type: 'unmount', now: 7_000, seconds: 1 },
      ]).ticks.map((t) => t.event),
    ).toEqual(['play', 'pause']);
  });

  it('uses the media duration when known, else the catalogue one', () => {
    expect(effectiveDuration(9.98, 10)).toBe(9.98);
    expect(effectiveDuration(Number.NaN, 10)).toBe(10);
    expect(effectiveDuration(Number.POSITIVE_INFINITY, 0)).toBe(0);
  });
});

describe('resume position', () => {
  it('starts at the saved position unless start=true, or the saved position is the end', () => {
    expect(resumePosition(42, 60, false)).toBe(42);
    expect(resumePosition(42, 60, true)).toBe(0);
    expect(resumePosition(59.5, 60, false)).toBe(0);
    expect(resumePosition(null, 60, false)).toBe(0);
  });
});
