import { EventEmitter } from 'node:events';
import type { Database } from '@portal/database';
import type { RealtimeHub, RealtimeMessage } from '@portal/platform';

const CHANNEL = 'portal_realtime';
/** Sent to this instance's streams only, when it shuts down: they end. */
export const SHUTDOWN_MESSAGE: RealtimeMessage = { type: 'shutdown', data: null };
const ALL = '*';

/**
 * In-process emitter; on a Postgres server every publish also goes through NOTIFY so that tabs
 * connected to other API instances get it. Payloads stay small (NOTIFY caps them at 8 kB).
 */
export async function createRealtimeHub(database: Database): Promise<RealtimeHub & { close(): Promise<void>; broadcastLocal(m: RealtimeMessage): Promise<void> }> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const instance = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let unlisten: (() => Promise<void>) | null = null;
  if (database.kind === 'pg') {
    unlisten = await database.listen(CHANNEL, (payload) => {
      try {
        const { from, to, message } = JSON.parse(payload) as { from: string; to: string; message: RealtimeMessage };
        if (from !== instance) emitter.emit(to, message);
      } catch {
        /* a malformed notification is ignored */
      }
    });
  }
  const send = async (to: string, message: RealtimeMessage) => {
    emitter.emit(to, message);
    if (database.kind === 'pg') await database.notify(database.db, CHANNEL, JSON.stringify({ from: instance, to, message }));
  };
  return {
    publish: (userId, message) => send(userId, message),
    broadcast: (message) => send(ALL, message),
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      emitter.on(ALL, listener);
      return () => {
        emitter.off(userId, listener);
        emitter.off(ALL, listener);
      };
    },
    connections: () => emitter.listenerCount(ALL),
    async broadcastLocal(message) {
      emitter.emit(ALL, message);
    },
    async close() {
      emitter.removeAllListeners();
      await unlisten?.();
    },
  };
}
