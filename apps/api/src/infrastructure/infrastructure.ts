import { join } from 'node:path';
import { createDatabase, type Database } from '@portal/database';
import { createEventStore, createLogAudit, ed25519Signer, fileWitness, startLogSealing, type EventStore, type LogAudit, type LogSealing } from '@portal/eventstore';
import { systemClock, type Clock } from '@portal/kernel';
import { TokenService, type AppConfig } from '@portal/platform';
import { createMailer, type Mailer } from '@portal/mail';
import type { RealtimeHub } from '@portal/platform';
import { createRealtimeHub } from '../realtime/realtime-hub.js';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { PROJECTIONS_LIST } from './projections.js';

export interface Infrastructure {
  database: Database;
  store: EventStore;
  projections: ProjectionRuntime;
  tokens: TokenService;
  mailer: Mailer;
  realtime: RealtimeHub & { broadcastLocal(m: { type: string; data: unknown }): Promise<void> };
  clock: Clock;
  /** Checkpoints that seal the log (ADR 0030); null on EventStoreDB. */
  logAudit: LogAudit | null;
  /** The background job sealing the log; null when not running (EventStoreDB, the CLI, AUDIT_CHECKPOINT_SECONDS=0). */
  logSealing: LogSealing | null;
  close(): Promise<void>;
}

export interface InfrastructureOptions {
  /** Pre-built database (tests hand in an isolated one). */
  database?: Database;
  clock?: Clock;
  runProjections?: boolean;
  /** Whether this process seals the log in the background (default: as runProjections). */
  sealLog?: boolean;
  log?: (msg: string) => void;
}

/** Opens the database, migrates the event store, starts the projection runners. */
export async function createInfrastructure(config: AppConfig, options: InfrastructureOptions = {}): Promise<Infrastructure> {
  const database =
    options.database ??
    (await createDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') }));
  const store = createEventStore({ database, ...(config.eventstoreUrl ? { eventstoreUrl: config.eventstoreUrl } : {}) });
  await store.migrate();
  const mailer = createMailer({ database, smtpUrl: config.smtpUrl, from: config.mailFrom });
  await mailer.migrate();
  const projections = new ProjectionRuntime(database, store, PROJECTIONS_LIST, {
    run: options.runProjections ?? true,
    readWaitMs: config.readWaitMs,
    ...(options.log ? { log: options.log } : {}),
  });
  await projections.start();
  const realtime = await createRealtimeHub(database);
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const logAudit = store.kind === 'eventstoredb' ? null : createLogAudit(database);
  const log = options.log;
  const logSealing =
    logAudit && (options.sealLog ?? options.runProjections ?? true) && config.audit.checkpointSeconds > 0
      ? startLogSealing(logAudit, store, {
          signer: ed25519Signer(config.audit.signingKey),
          intervalMs: config.audit.checkpointSeconds * 1000,
          maxPendingEvents: config.audit.checkpointEvents,
          witness: fileWitness(config.audit.witnessFile),
          ...(log ? { log: (level: 'info' | 'error', message: string) => (level === 'error' ? console.error(message) : log(message)) } : {}),
        })
      : null;
  let closed = false;
  return {
    database,
    store,
    projections,
    tokens,
    mailer,
    realtime,
    clock: options.clock ?? systemClock,
    logAudit,
    logSealing,
    async close() {
      if (closed) return;
      closed = true;
      await logSealing?.stop();
      await realtime.close();
      await projections.stop();
      await store.close();
      if (!options.database) await database.close();
    },
  };
}
