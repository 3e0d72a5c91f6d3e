import { useEffect } from 'react';
import { API_BASE } from '../../../shared/api/api-base';
import { rememberEventPosition } from '../../../shared/api/event-position';
import { getAccessToken } from '../../../shared/session/token-store';
import { fetchStreamTicket } from '../api/stream-ticket';
import { useAuthClaims } from '../../../shared/session/use-session';
import { emitShellEvent, setUnseenFromRealtime } from '../../../shared/ui/shell/shell-store';
import { parseRealtimeMessage, REALTIME_EVENT_TYPES } from '../model/messages';
import { reconnectDelay, streamUrl } from '../model/session-rules';
import { publishVersion } from './version-store';

/**
 * One Server-Sent Events stream per signed-in tab (000 §7 "realtime listener"): the
 * application version, the unseen count and recommendation changes. The stream opens with a
 * single-use ticket asked for with the bearer token (ADR 0080). A ticket opens one connection, so
 * the browser's own reconnection would be refused: on any error (and when asking for the ticket
 * fails) a new ticket is asked for and the stream opened again, waiting longer each time.
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

    const retry = () => {
      if (stopped) return;
      const delay = reconnectDelay(attempt);
      attempt += 1;
      // asking for the ticket refreshes an expired access token by itself (shared/api/client)
      timer = setTimeout(() => void open(), delay);
    };

    const open = async () => {
      if (stopped || !getAccessToken()) return;
      let ticket: string;
      try {
        ticket = (await fetchStreamTicket()).ticket;
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(streamUrl(API_BASE, ticket));
      for (const type of REALTIME_EVENT_TYPES) source.addEventListener(type, onMessage as EventListener);
      source.onerror = () => {
        // the ticket is spent: whatever the browser would retry with is refused, so close and start again
        if (!source) return;
        source.close();
        source = null;
        retry();
      };
    };

    void open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [userId]);

  return null;
}
