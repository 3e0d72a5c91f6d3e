import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PlayTick } from '@portal/learning/contracts/http';
import { isApiError } from '../../../shared/api/api-error';
import { newUuid } from '../../../shared/api/guest-id';
import { USER_DATA_KEY } from '../../../shared/api/user-data';
import { recordInteraction } from '../../../shared/api/user-store';
import { invalidateLearningData } from '../api/keys';
import { saveMediaState, sendHideBeacon, sendPlayTick } from '../api/progress';
import { initialReporterState, stepReporter, type MediaSignalType, type ReporterState } from '../model/progress-reporter';

export interface ReporterTarget {
  stationId: string;
  entryId: string;
  /** an entry of type video: its first play records the firstVideoContentViewed interaction (000 §4.5) */
  isVideo: boolean;
  /**
   * Signed-in learners send progress ticks; guests keep their position through the media
   * state (the only progress write the contract allows them).
   */
  signedIn: boolean;
}

/** The media-state id a guest's position is kept under. */
export const GUEST_POSITION_MEDIA_ID = 'position';

/**
 * Sends the ticks of the progress reporter (model/progress-reporter.ts) for one entry: in
 * order (one request at a time), `hide` through sendBeacon, and refreshes the learning data
 * when a write completes the entry or is refused because the entry is locked. Failures are
 * not shown (000 §8: video state save errors are reported, not shown).
 */
export const useProgressReporter = (target: ReporterTarget) => {
  const client = useQueryClient();
  const state = useRef<ReporterState>(initialReporterState());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const targetRef = useRef(target);
  targetRef.current = target;

  const deliver = useCallback(
    (tick: PlayTick) => {
      const { stationId, entryId, isVideo, signedIn } = targetRef.current;
      if (!signedIn) {
        if (tick.event === 'pause' || tick.event === 'end' || tick.event === 'seek' || tick.event === 'hide') {
          queue.current = queue.current.then(() => saveMediaState(entryId, GUEST_POSITION_MEDIA_ID, { seconds: tick.event === 'end' ? 0 : tick.seconds, duration: tick.duration }));
        }
        return;
      }
      if (tick.event === 'hide' && sendHideBeacon(stationId, entryId, tick)) return;
      if (tick.event === 'play' && isVideo) {
        const user = client.getQueryData<{ interactions?: { firstVideoContentViewed?: string | null } }>(USER_DATA_KEY);
        if (user && !user.interactions?.firstVideoContentViewed) {
          recordInteraction(client, 'firstVideoContentViewed').catch((error: unknown) => console.warn('Interaction not recorded', error));
        }
      }
      queue.current = queue.current
        .then(() => sendPlayTick(stationId, entryId, tick))
        .then(
          (answer) => {
            if (answer.completed || tick.event === 'end' || tick.event === 'pause') void invalidateLearningData(client);
          },
          (error: unknown) => {
            console.warn(`Progress (${tick.event}) not saved`, error);
            if (isApiError(error) && error.statusCode === 403) void invalidateLearningData(client);
          },
        );
    },
    [client],
  );

  /** One media event at `seconds` of `duration` (see stepReporter). */
  const signal = useCallback(
    (type: MediaSignalType, seconds: number, duration: number) => {
      const step = stepReporter(state.current, { type, now: Date.now(), seconds, duration }, newUuid);
      state.current = step.state;
      if (step.tick) deliver(step.tick);
    },
    [deliver],
  );

  // A new entry is a new play session.
  useEffect(() => {
    state.current = initialReporterState();
  }, [target.entryId]);

  return signal;
};

/**
 * Feeds a media element's events to the reporter: play, timeupdate (throttled there), pause,
 * seeked, ended; the page going away (visibilitychange to hidden, pagehide) as hide; the
 * player going away while playing as a last pause.
 */
export const useMediaElementReporting = (element: HTMLMediaElement | null, target: ReporterTarget, catalogueDuration: number) => {
  const signal = useProgressReporter(target);
  useEffect(() => {
    if (!element) return;
    const duration = () => (Number.isFinite(element.duration) && element.duration > 0 ? element.duration : catalogueDuration);
    const on = (type: MediaSignalType) => () => signal(type, element.currentTime, duration());
    const handlers: [keyof HTMLMediaElementEventMap, () => void][] = [
      ['play', on('play')],
      ['timeupdate', on('timeupdate')],
      ['pause', on('pause')],
      ['seeked', on('seeked')],
      ['ended', on('ended')],
    ];
    for (const [type, handler] of handlers) element.addEventListener(type, handler);
    const hide = on('hide');
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', hide);
    return () => {
      for (const [type, handler] of handlers) element.removeEventListener(type, handler);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', hide);
      signal('unmount', element.currentTime, duration());
    };
  }, [element, signal, catalogueDuration]);
};
