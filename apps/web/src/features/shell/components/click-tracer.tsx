import { useEffect } from 'react';
import { getAuthClaims } from '../../../shared/session/token-store';
import { sendTrace, sendUserEvent } from '../api/tracing';
import { traceFromElement, userEventFromElement } from '../model/tracing';

/**
 * Listens to clicks on the page (capture phase, so it sees them before a link navigates) and
 * sends the interaction trace and user event of the nearest element that asks for one.
 */
export function ClickTracer({ context }: { context: string }) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const claims = getAuthClaims();
      const now = Date.now();
      const traced = event.target.closest<HTMLElement>('[data-trace-category]');
      if (traced) {
        const trace = traceFromElement(traced, { registerId: claims?.userId ?? null, context, now });
        if (trace) void sendTrace(trace);
      }
      const evented = event.target.closest<HTMLElement>('[data-user-event]');
      if (evented) {
        const userEvent = userEventFromElement(evented, {
          sessionId: claims?.sessionId ?? null,
          now,
          timezoneOffset: new Date(now).getTimezoneOffset(),
          contextArea: context,
          pageUrl: window.location.href,
        });
        if (userEvent) void sendUserEvent(userEvent);
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [context]);
  return null;
}
