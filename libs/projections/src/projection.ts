import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';

/**
 * A read model: its own Postgres schema (so it can be rebuilt beside the live one and swapped),
 * a migration that creates its tables in that schema, and a handler that applies a batch.
 */
export interface ProjectionDefinition<E = unknown> {
  name: string;
  /** Bump to rebuild from the log on the next start (the old version serves until the swap). */
  version: number;
  eventTypes: string[];
  migrate(db: Kysely<any>, schema: string): Promise<void>;
  /**
   * Applies events in order inside the runner's transaction; write only to `schema`. A typed
   * projection (defineProjection) answers the events as it parsed them: what `onApplied`
   * listeners receive, so they read parsed events too (ADR 0086).
   */
  apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]): Promise<readonly E[] | void>;
  /**
   * The schema's secondary indexes serve reads only (`apply` finds rows by primary key): a rebuild
   * drops them while it copies the log and builds each once before the swap, instead of keeping
   * every one up to date row by row (ADR 0070, rebuilds).
   */
  readIndexesAfterCopy?: boolean;
  /** Where this read model keeps a data subject's personal data, purged on erasure (ADR 0091). */
  personalData?: readonly PersonalDataPurge[];
  /** Where it keeps IP addresses and user agents, purged after their retention (ADR 0091). */
  networkData?: readonly NetworkDataPurge[];
}

/** One table's IP addresses and user agents: rows whose `at` column is before the cut get `set`. */
export interface NetworkDataPurge {
  table: string;
  at: string;
  set: Readonly<Record<string, string>>;
}

/**
 * One table's personal data of a subject (ADR 0091): the rows whose `subject` column holds the
 * subject's id (an SQL expression over the row may stand for a column, e.g. `data->>'userId'`;
 * `{schema}` in it names the projection's live schema, for a subquery over another of its tables),
 * and what erasure makes of them: `set` gives each personal column the value a rebuild from the
 * erased log would give it (`'[erased]'` for a copied field, an expression over the row for a
 * derived one), `delete` removes the rows. The runtime applies it to the live schema at once, so no
 * personal data waits for a rebuild.
 */
export type PersonalDataPurge =
  | { table: string; subject: string; set: Readonly<Record<string, string>> }
  | { table: string; subject: string; delete: true };

/** `'[erased]'` as SQL, the value a copied personal text column reads after erasure. */
export const ERASED_SQL = `'[erased]'`;

export const schemaNameFor = (name: string, version: number, suffix = ''): string =>
  `rm_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_v${version}${suffix}`;

/** What a typed projection reads: its events' parser (one contract, or combineEvents of several). */
export interface ProjectionEvents<E> {
  types: readonly string[];
  parseRecorded(recorded: RecordedEvent): E;
}

/**
 * The one way to write a projection (ADR 0009): `events` is the contracts' parser, so `apply`
 * receives parsed, typed events (no casts); `DB` types the projection's own tables (queries use
 * the same interface).
 */
export function defineProjection<DB, E extends { type: string }>(definition: {
  name: string;
  version: number;
  events: ProjectionEvents<E>;
  /** a subset of `events.types` when the projection ignores some (default: all of them) */
  eventTypes?: readonly E['type'][];
  migrate(db: Kysely<any>, schema: string): Promise<void>;
  apply(trx: Transaction<DB>, schema: string, events: E[]): Promise<void>;
  /** see ProjectionDefinition.readIndexesAfterCopy */
  readIndexesAfterCopy?: boolean;
  /** see ProjectionDefinition.personalData */
  personalData?: readonly PersonalDataPurge[];
  /** see ProjectionDefinition.networkData */
  networkData?: readonly NetworkDataPurge[];
}): ProjectionDefinition<E> {
  const { events, eventTypes, apply, ...rest } = definition;
  return {
    ...rest,
    eventTypes: [...(eventTypes ?? events.types)],
    apply: async (trx, schema, recorded) => {
      const parsed = recorded.map((r) => events.parseRecorded(r));
      await apply(trx as Transaction<DB>, schema, parsed);
      return parsed;
    },
  };
}
