import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { createDatabase, type Database } from '@portal/database';
import { createEventStore, createLogAudit, createPersonalDataProtection, createSubjectKeyring, ed25519Signer, fileWitness, protectPersonalData, startLogSealing, type EventStore, type LogAudit, type LogSealing, type PersonalDataProtection } from '@portal/eventstore';
import { PRIVACY_CLASSIFICATION } from './privacy-classification.js';
import { systemClock, type Clock } from '@portal/kernel';
import { REVOCATION_CLOCK_SKEW_MS, RevocationList, TokenService, type AppConfig } from '@portal/platform';
import { RevocationWatcher } from '@portal/projection-revocations';
import { createMailer, type Mailer } from '@portal/mail';
import type { RealtimeHub } from '@portal/platform';
import { createRealtimeHub } from '../realtime/realtime-hub.js';
import { ProjectionRuntime, ReplicaPool } from '@portal/projections-runtime';
import { PROJECTIONS_LIST } from './projections.js';
import { IdempotencyStore } from '../http/idempotency.js';

export interface Infrastructure {
  database: Database;
  /** The event store with personal fields encrypted at its edge (ADR 0091). */
  store: EventStore;
  /** The subjects' keys and the edge's encryption, for erasure, retention and the log migration (ADR 0091). */
  privacy: PersonalDataProtection;
  projections: ProjectionRuntime;
  /** The streaming replicas serving projection reads (DATABASE_REPLICA_URLS); null: the primary only. */
  replicas: ReplicaPool | null;
  tokens: TokenService;
  /** Keeps tokens.revocations current from the revocations projection (ADR 0031). */
  revocations: RevocationWatcher;
  mailer: Mailer;
  /** First answers of learner writes by Idempotency-Key (ADR 0093). */
  idempotency: IdempotencyStore;
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
  /** Where the database and the projection runtime log (default: pino at the config's LOG_LEVEL). */
  logger?: Logger;
  /** Whether this process seals the log in the background (default: as runProjections). */
  sealLog?: boolean;
}

/** Opens the database, migrates the event store, starts the projection runners. */
export async function createInfrastructure(config: AppConfig, options: InfrastructureOptions = {}): Promise<Infrastructure> {
  // lost connections, lease changes and swaps: the operator's lines next to the request log
  const logger = options.logger ?? pino({ level: config.logLevel });
  const database =
    options.database ??
    (await createDatabase(config.databaseUrl ? { url: config.databaseUrl, logger: logger.child({ name: 'database' }) } : { dataDir: join(config.dataDir, 'pglite') }));
  const keyring = createSubjectKeyring(database, { masterKey: config.privacy.masterKey });
  const privacy = createPersonalDataProtection(keyring, PRIVACY_CLASSIFICATION);
  const clock = options.clock ?? systemClock;
  // the month of an IP address's network key is the app clock's (ADR 0091: the retention job reads the same clock)
  const store = protectPersonalData(createEventStore({ database, ...(config.eventstoreUrl ? { eventstoreUrl: config.eventstoreUrl } : {}) }), privacy, () => clock.now());
  await store.migrate();
  const mailer = createMailer({ database, smtpUrl: config.smtpUrl, from: config.mailFrom });
  await mailer.migrate();
  const replicaUrls = database.kind === 'pg' ? (config.replicaUrls ?? []) : [];
  const replicas =
    replicaUrls.length > 0 ? new ReplicaPool(database, replicaUrls, { maxLagMs: config.replicaMaxLagMs ?? 5000, logger: logger.child({ name: 'replicas' }) }) : null;
  await replicas?.start();
  const idempotency = new IdempotencyStore(database);
  await idempotency.migrate();
  const projections = new ProjectionRuntime(database, store, PROJECTIONS_LIST, {
    run: options.runProjections ?? true,
    readWaitMs: config.readWaitMs,
    ...(replicas ? { replicas } : {}),
    logger: logger.child({ name: 'projections' }),
  });
  await projections.start();
  const realtime = await createRealtimeHub(database);
  const revocationList = new RevocationList(config.accessTokenTtlSeconds * 1000 + REVOCATION_CLOCK_SKEW_MS);
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds, { revocations: revocationList });
  const revocations = new RevocationWatcher({
    reader: () => projections.reader('revocations'),
    list: revocationList,
    now: () => clock.now(),
    log: (msg) => logger.child({ name: 'revocations' }).warn(msg),
  });
  await revocations.start();
  const logAudit = store.kind === 'eventstoredb' ? null : createLogAudit(database, { decrypt: (events) => privacy.decryptRecorded(events) });
  const sealingLog = logger.child({ name: 'log-audit' });
  const logSealing =
    logAudit && (options.sealLog ?? options.runProjections ?? true) && config.audit.checkpointSeconds > 0
      ? startLogSealing(logAudit, store, {
          signer: ed25519Signer(config.audit.signingKey),
          intervalMs: config.audit.checkpointSeconds * 1000,
          maxPendingEvents: config.audit.checkpointEvents,
          witness: fileWitness(config.audit.witnessFile),
          log: (level: 'info' | 'error', message: string) => (level === 'error' ? sealingLog.error(message) : sealingLog.info(message)),
        })
      : null;
  let closed = false;
  return {
    database,
    store,
    privacy,
    projections,
    replicas,
    tokens,
    revocations,
    mailer,
    idempotency,
    realtime,
    clock,
    logAudit,
    logSealing,
    async close() {
      if (closed) return;
      closed = true;
      await logSealing?.stop();
      await realtime.close();
      await revocations.stop();
      await projections.stop();
      await replicas?.stop();
      await store.close();
      if (!options.database) await database.close();
    },
  };
}
