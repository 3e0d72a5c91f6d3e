import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';

/**
 * A read model: its own Postgres schema (so it can be rebuilt beside the live one and swapped),
 * a migration that creates its tables in that schema, and a handler that applies a batch.
 */
export interface ProjectionDefinition {
  name: string;
  /** Bump to rebuild from the log on the next start (the old version serves until the swap). */
  version: number;
  eventTypes: string[];
  migrate(db: Kysely<any>, schema: string): Promise<void>;
  /** Applies events in order inside the runner's transaction; write only to `schema`. */
  apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]): Promise<void>;
}

export const schemaNameFor = (name: string, version: number, suffix = ''): string =>
  `rm_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_v${version}${suffix}`;
