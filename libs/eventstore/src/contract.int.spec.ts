import { afterAll } from 'vitest';
import { createDatabase } from '@portal/database';
import { eventStoreContract } from './contract.js';
import { createEventStoreDbEventStore } from './eventstoredb.js';
import { createPostgresEventStore } from './postgres.js';
import { createScratchDatabase, type ScratchDatabase } from '@portal/database';

eventStoreContract('PGlite (in memory)', async ({ upcasters }) => {
  const database = await createDatabase({});
  const store = createPostgresEventStore(database, { upcasters });
  return {
    store,
    async dispose() {
      await store.close();
      await database.close();
    },
  };
});

const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => {
    await scratch?.drop();
  });
  eventStoreContract('Postgres server', async ({ upcasters }) => {
    scratch = await createScratchDatabase(databaseUrl, 'es_contract');
    const database = await createDatabase({ url: scratch.url });
    const store = createPostgresEventStore(database, { upcasters });
    return {
      store,
      async dispose() {
        await store.close();
        await database.close();
      },
    };
  });
} else {
  console.info('event store contract: Postgres server not run (set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test)');
}

const eventstoreUrl = process.env.EVENTSTORE_URL;
if (eventstoreUrl) {
  eventStoreContract('EventStoreDB', async ({ upcasters }) => {
    const store = createEventStoreDbEventStore(eventstoreUrl, { upcasters });
    return { store, dispose: () => store.close() };
  });
} else {
  console.info('event store contract: EventStoreDB not run (set EVENTSTORE_URL, e.g. esdb://127.0.0.1:2113?tls=false)');
}
