import { afterAll, beforeAll } from 'vitest';
import type { Database } from '@portal/database';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime, type ProjectionDefinition } from '@portal/projections-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { eventsOf, expectAsOfEqualsRebuild, expectReplayEqualsLive } from './harness.js';

/** What a report projection spec reads, once its `beforeAll` has run (reading earlier throws). */
export interface ReportProjectionFixture<Cuts> {
  /** The spec's own database (one per spec file). */
  readonly database: Database;
  readonly store: EventStore;
  /** The live schema the runtime folded the story into. */
  readonly schema: string;
  /** What the story returned: the positions the spec reads "as of". */
  readonly cuts: Cuts;
  /** The position of every event of the projection's types, in log order (`eventsOf`). */
  positions(): Promise<bigint[]>;
  /** `expectReplayEqualsLive` of this projection: one event per batch, rebuilt, every event twice: the same tables. */
  expectReplayEqualsLive(): Promise<void>;
  /** `expectAsOfEqualsRebuild` at every position of the projection's events. */
  expectAsOfEveryPositionEqualsRebuild<Row>(read: (schema: string, at: bigint | null) => Promise<Row[]>): Promise<void>;
}

/**
 * The set-up every report projection spec shares (ADR 0070): registers a `beforeAll` that makes a
 * test database and an event store, tells the story (`tellStory` appends its events and returns
 * its cuts) and runs the projection through the real ProjectionRuntime, live, one event per batch,
 * up to the head; and an `afterAll` that stops the runtime and drops the database.
 * Call it at the top level of the spec file (or of a describe).
 */
export function useReportProjection<Cuts>(def: ProjectionDefinition, tellStory: (store: EventStore) => Promise<Cuts>): ReportProjectionFixture<Cuts> {
  let state: { db: TestDatabase; store: EventStore; runtime: ProjectionRuntime; cuts: Cuts } | undefined;
  let db: TestDatabase | undefined;
  let store: EventStore | undefined;
  let runtime: ProjectionRuntime | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createEventStore({ database: db.database });
    await store.migrate();
    const cuts = await tellStory(store);
    runtime = new ProjectionRuntime(db.database, store, [def], { run: false, batchSize: 1 });
    await runtime.start();
    await runtime.catchUp();
    state = { db, store, runtime, cuts };
  });
  afterAll(async () => {
    await runtime?.stop();
    await store?.close();
    await db?.drop();
  });

  const ready = () => {
    if (!state) throw new Error(`useReportProjection(${def.name}): read in a test or hook, after its beforeAll`);
    return state;
  };
  return {
    get database() {
      return ready().db.database;
    },
    get store() {
      return ready().store;
    },
    get schema() {
      return ready().runtime.schemaOf(def.name);
    },
    get cuts() {
      return ready().cuts;
    },
    positions: async () => (await eventsOf(ready().store, def)).map((e) => e.checkpoint.position),
    expectReplayEqualsLive: () => expectReplayEqualsLive(ready().db.database, ready().store, def),
    async expectAsOfEveryPositionEqualsRebuild(read) {
      const { db: test, store: log } = ready();
      await expectAsOfEqualsRebuild(test.database, log, def, await this.positions(), read);
    },
  };
}
