import type { Database } from '@portal/database';
import { createEventStoreDbEventStore } from './eventstoredb.js';
import type { EventStore, UpcasterRegistry } from './port.js';
import { createPostgresEventStore } from './postgres.js';

export * from './port.js';
export { createPostgresEventStore, postgresEventStoreNames, type PostgresEventStoreOptions } from './postgres.js';
export { createEventStoreDbEventStore, esdbEventHash, type EventStoreDbOptions } from './eventstoredb.js';
export { canonicalJson } from './canonical-json.js';
export * from './event-schemas.js';
export { createLogAudit, fileWitness, LogSealRefusedError, CHECKPOINT_FORMAT, type LogAudit, type LogBreak, type LogVerifyProgress, type LogVerifyResult, type SealedCheckpoint, type SealedStreamVerdict, type SealWitness } from './log-audit.js';
export { startLogSealing, type LogSealing, type LogSealingOptions } from './log-sealing.js';
export { ed25519Signer, generateSigningKey, publicKeyOf, verifySignature, type LogSigner } from './signing.js';

export interface CreateEventStoreOptions {
  database: Database;
  /** esdb://... selects EventStoreDB; otherwise events live in the database (pg or PGlite). */
  eventstoreUrl?: string;
  upcasters?: UpcasterRegistry;
}

/** The store the app runs on: EventStoreDB when configured, the relational database otherwise. */
export function createEventStore(options: CreateEventStoreOptions): EventStore {
  const upcasters = options.upcasters ? { upcasters: options.upcasters } : {};
  return options.eventstoreUrl ? createEventStoreDbEventStore(options.eventstoreUrl, upcasters) : createPostgresEventStore(options.database, upcasters);
}
export * from './privacy/classification.js';
export { createSubjectKeyring, networkKeyId, type SubjectKeyring, type SubjectKeyringOptions } from './privacy/keyring.js';
export { createPersonalDataProtection, protectPersonalData, isCiphertext, type PersonalDataProtection } from './privacy/protected-store.js';
export { createLogEncryption, type EncryptLogPhase, type EncryptLogProgress, type EncryptLogResult } from './privacy/encrypt-log.js';
