import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { pruneOutcomes, type OutboxItem, type OutboxOutcome, type OutboxStore } from './outbox';

/**
 * The browser database of field mode (issue 30, ADR 0094), through idb: the learner outbox, the
 * outcomes the learner sees (synced, refused), and what was saved for offline. The saved files
 * themselves are in Cache Storage (`portal-offline`), where the service worker reads them.
 */
export interface SavedOffline {
  /** `station:<id>`, `crop:<id>`, `journey:<id>` */
  id: string;
  kind: 'station' | 'crop' | 'journey';
  stationId: string;
  userId: string;
  title: string;
  /** the page paths that open offline */
  pages: string[];
  /** every URL kept in the cache for it */
  urls: string[];
  bytes: number;
  /** ISO; an offline answer's time is bounded by it */
  savedAt: string;
  /** false while downloading: never offered as available */
  complete: boolean;
  /** entries left out: protected media (ADR 0094), SCORM courses the content origin could not save */
  skipped: string[];
  /** the SCORM packages' files, kept by the content origin in its own storage (content-frame.ts) */
  content?: { origin: string; files: string[] };
}

interface FieldSchema extends DBSchema {
  outbox: { key: string; value: OutboxItem; indexes: { seq: number } };
  outcomes: { key: string; value: OutboxOutcome };
  saved: { key: string; value: SavedOffline };
}

export const FIELD_DB = 'portal-field';
let db: Promise<IDBPDatabase<FieldSchema>> | null = null;

export const hasIndexedDb = (): boolean => typeof indexedDB !== 'undefined';

export type FieldDb = IDBPDatabase<FieldSchema>;

/** Opens (and makes, the first time) the field database; `fieldDb()` keeps the page's one connection. */
export const openFieldDb = (name = FIELD_DB, onBlocking?: () => void): Promise<FieldDb> =>
  openDB<FieldSchema>(name, 1, {
    upgrade(database) {
      database.createObjectStore('outbox', { keyPath: 'key' }).createIndex('seq', 'seq');
      database.createObjectStore('outcomes', { keyPath: 'key' });
      database.createObjectStore('saved', { keyPath: 'id' });
    },
    // another tab opens a newer version: let it
    blocking: onBlocking,
  });

export const fieldDb = (): Promise<FieldDb> => {
  db ??= openFieldDb(FIELD_DB, () => {
    void db?.then((open) => open.close());
    db = null;
  });
  return db;
};

/** The outbox's store in IndexedDB. */
export class IdbOutboxStore implements OutboxStore {
  constructor(
    private readonly db: () => Promise<FieldDb> = fieldDb,
    private readonly keepSynced = 50,
  ) {}

  async put(item: OutboxItem): Promise<void> {
    await (await this.db()).put('outbox', item);
  }

  async list(): Promise<OutboxItem[]> {
    return (await this.db()).getAllFromIndex('outbox', 'seq');
  }

  async settle(key: string, outcome: OutboxOutcome): Promise<void> {
    const tx = (await this.db()).transaction(['outbox', 'outcomes'], 'readwrite');
    const outcomes = tx.objectStore('outcomes');
    await tx.objectStore('outbox').delete(key);
    await outcomes.put(outcome);
    const all = new Map((await outcomes.getAll()).map((o) => [o.key, o]));
    for (const dropped of pruneOutcomes(all, this.keepSynced)) await outcomes.delete(dropped);
    await tx.done;
  }

  async outcomes(): Promise<OutboxOutcome[]> {
    return (await this.db()).getAll('outcomes');
  }

  async dismiss(key: string): Promise<void> {
    await (await this.db()).delete('outcomes', key);
  }
}

export const savedOffline = {
  async all(): Promise<SavedOffline[]> {
    return hasIndexedDb() ? (await fieldDb()).getAll('saved') : [];
  },
  async get(id: string): Promise<SavedOffline | undefined> {
    return hasIndexedDb() ? (await fieldDb()).get('saved', id) : undefined;
  },
  async put(saved: SavedOffline): Promise<void> {
    await (await fieldDb()).put('saved', saved);
  },
  async remove(id: string): Promise<void> {
    await (await fieldDb()).delete('saved', id);
  },
};
