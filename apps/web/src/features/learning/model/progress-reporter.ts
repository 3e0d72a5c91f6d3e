import type { PlayTick } from '@portal/learning/contracts/http';

/**
 * Progress ticks of the players (learning contracts README, "progress ticks"), as a pure state
 * machine: media events go in, the tick to send (if any) comes out.
 *
 * - a play session starts on the first play; `play` is sent once per session (playCount);
 * - `progress` at most every 10 s while playing (any tick restarts the 10 s);
 * - `pause` on pause (not the pause the browser fires right before `ended`), `seek` after a seek;
 * - `end` on ended (seconds = duration); the next play starts a new session;
 * - `hide` when the page goes away (once until the next tick), sent through sendBeacon.
 */
export const PROGRESS_INTERVAL_MS = 10_000;

export type MediaSignalType = 'play' | 'timeupdate' | 'pause' | 'seeked' | 'ended' | 'hide' | 'unmount';

export interface MediaSignal {
  type: MediaSignalType;
  /** ms timestamp */
  now: number;
  /** the media's position */
  seconds: number;
  /** the duration to report (effectiveDuration) */
  duration: number;
}

export interface ReporterState {
  sessionId: string | null;
  /** ms timestamp of the last tick sent */
  lastSentAt: number | null;
  playing: boolean;
  /** a hide tick was sent and nothing since */
  hidden: boolean;
}

export const initialReporterState = (): ReporterState => ({ sessionId: null, lastSentAt: null, playing: false, hidden: false });

export interface ReporterStep {
  state: ReporterState;
  tick: PlayTick | null;
}

/** The duration to report: the media's when it knows one, else the catalogue's. */
export const effectiveDuration = (mediaDuration: number, catalogueDuration: number): number => {
  if (Number.isFinite(mediaDuration) && mediaDuration > 0) return mediaDuration;
  return Number.isFinite(catalogueDuration) && catalogueDuration > 0 ? catalogueDuration : 0;
};

/** Seconds within 0..duration (the server refuses a position beyond the duration). */
const clampSeconds = (seconds: number, duration: number): number => {
  const s = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  return duration > 0 ? Math.min(s, duration) : s;
};

/** Whether the position is the end: the pause fired before `ended` is not reported. */
export const atEnd = (seconds: number, duration: number): boolean => duration > 0 && seconds >= duration - 0.05;

const tickOf = (event: PlayTick['event'], sessionId: string, seconds: number, duration: number): PlayTick => {
  const d = Number.isFinite(duration) && duration > 0 ? duration : 0;
  return { event, playSessionId: sessionId, seconds: event === 'end' && d > 0 ? d : clampSeconds(seconds, d), duration: d };
};

const sent = (state: ReporterState, tick: PlayTick, now: number, patch: Partial<ReporterState> = {}): ReporterStep => ({
  state: { ...state, lastSentAt: now, hidden: tick.event === 'hide', ...patch },
  tick,
});

const quiet = (state: ReporterState, patch: Partial<ReporterState> = {}): ReporterStep => ({ state: { ...state, ...patch }, tick: null });

/** One media event: the next state and the tick to send. `newSessionId` is only called on a first play. */
export const stepReporter = (state: ReporterState, signal: MediaSignal, newSessionId: () => string): ReporterStep => {
  const { now, seconds, duration } = signal;
  switch (signal.type) {
    case 'play': {
      if (state.sessionId === null) {
        const sessionId = newSessionId();
        return sent({ ...state, sessionId }, tickOf('play', sessionId, seconds, duration), now, { playing: true });
      }
      // A resume after a pause belongs to the same session: no new play.
      return quiet(state, { playing: true, hidden: false });
    }
    case 'timeupdate': {
      if (state.sessionId === null || !state.playing) return quiet(state);
      if (state.lastSentAt !== null && now - state.lastSentAt < PROGRESS_INTERVAL_MS) return quiet(state);
      return sent(state, tickOf('progress', state.sessionId, seconds, duration), now);
    }
    case 'pause': {
      if (state.sessionId === null || !state.playing) return quiet(state, { playing: false });
      if (atEnd(seconds, duration)) return quiet(state, { playing: false });
      return sent(state, tickOf('pause', state.sessionId, seconds, duration), now, { playing: false });
    }
    case 'seeked': {
      // A seek before the first play (the resume position) is not a learner's action.
      if (state.sessionId === null) return quiet(state);
      return sent(state, tickOf('seek', state.sessionId, seconds, duration), now);
    }
    case 'ended': {
      if (state.sessionId === null) return quiet(state, { playing: false });
      const tick = tickOf('end', state.sessionId, seconds, duration);
      return { state: { sessionId: null, lastSentAt: now, playing: false, hidden: false }, tick };
    }
    case 'hide': {
      if (state.sessionId === null || state.hidden) return quiet(state);
      return sent(state, tickOf('hide', state.sessionId, seconds, duration), now);
    }
    case 'unmount': {
      // The player goes away while playing (another entry, another page): report where it stopped.
      if (state.sessionId === null || !state.playing) return quiet(state, { playing: false });
      return sent(state, tickOf('pause', state.sessionId, seconds, duration), now, { playing: false });
    }
    default: {
      const exhaustive: never = signal.type;
      throw new Error(`Unknown media signal ${String(exhaustive)}`);
    }
  }
};

/**
 * Where a player starts (contracts README): the saved position, unless the link asks to start
 * over (start=true) or the saved position is the end (a completed entry plays again from 0).
 */
export const resumePosition = (savedSeconds: number | null | undefined, duration: number, startOver: boolean): number => {
  if (startOver || savedSeconds == null || !Number.isFinite(savedSeconds) || savedSeconds <= 0) return 0;
  if (duration > 0 && savedSeconds >= duration - 1) return 0;
  return savedSeconds;
};
