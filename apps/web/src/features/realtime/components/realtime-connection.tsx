import { useEffect } from 'react';
import { API_BASE } from '../../../shared/api/api-base';
import { rememberEventPosition } from '../../../shared/api/event-position';
import { refreshAccessToken } from '../../../shared/session/refresh';
import { getAccessToken } from '../../../shared/session/token-store';
import { useAuthClaims } from '../../../shared/session/use-session';
import { emitShellEvent, setUnseenFromRealtime } from '../../../shared/ui/shell/shell-store';
import { parseRealtimeMessage, REALTIME_EVENT_TYPES } from '../model/messages';
import { reconnectDelay, streamUrl } from '../model/session-rules';
import { publishVersion } from './version-store';

/**
 * One Server-Sent Events stream per signed-in tab (000 §7 "realtime listener"): the
 * application version, the unseen count and recommendation changes. The browser reconnects
 * by itself after a dropped connection; when the stream is refused (an expired token after a
 * restart), the token is refreshed and the stream opened again, waiting longer each time.
 */
export function RealtimeConnection() {
  const claims = useAuthClaims();
  const userId = claims?.userId ?? null;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;

    const onMessage = (event: MessageEvent<string>) => {
      attempt = 0;
      const message = parseRealtimeMessage(event.type, event.data);
      if (!message) return;
      switch (message.type) {
        case 'version':
          publishVersion(message.version);
          emitShellEvent({ type: 'version', version: message.version });
          break;
        case 'unseen':
          setUnseenFromRealtime(message.count);
          break;
        case 'recommendations':
          // the next reads wait until the read models include the answer
          rememberEventPosition(message.position || null);
          emitShellEvent({ type: 'recommendations' });
          break;
        case 'events.presence':
          emitShellEvent({ type: 'events.presence', eventId: message.eventId, checkedIn: message.checkedIn, checkedOut: message.checkedOut });
          break;
        case 'expert.answered':
        case 'expert.queue':
          emitShellEvent(message);
          break;
        default: {
          const unreachable: never = message;
          return unreachable;
        }
      }
    };

    const open = () => {
      if (stopped) return;
      const token = getAccessToken();
      if (!token) return;
      source = new EventSource(streamUrl(API_BASE, token));
      for (const type of REALTIME_EVENT_TYPES) source.addEventListener(type, onMessage as EventListener);
      source.onerror = () => {
        // CONNECTING: the browser retries by itself; CLOSED: refused, start again with a fresh token
        if (!source || source.readyState !== EventSource.CLOSED) return;
        source.close();
        source = null;
        const delay = reconnectDelay(attempt);
        attempt += 1;
        timer = setTimeout(() => {
          void refreshAccessToken().then(open, open);
        }, delay);
      };
    };

    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [userId]);

  return null;
}
