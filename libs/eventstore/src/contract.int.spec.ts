import { afterAll } from 'vitest';
import { createDatabase } from '@portal/database';
import { eventStoreContract } from './contract.js';
import { createEventStoreDbEventStore } from './eventstoredb.js';
import { createPostgresEventStore } from './postgres.js';
import { createScratchDatabase, type Database, type ScratchDatabase } from '@portal/database';
import type { EventStore } from './port.js';
import { createSubjectKeyring } from './privacy/keyring.js';
import { createPersonalDataProtection, protectPersonalData } from './privacy/protected-store.js';

/** The store as the app runs it: personal fields (here the contract's `name`, and the request's IP and user agent) encrypted at the edge (ADR 0091). */
const protectedStore = (database: Database, store: EventStore): EventStore =>
  protectPersonalData(
    store,
    createPersonalDataProtection(createSubjectKeyring(database, { masterKey: 'contract-suite-master-key-0123456789abcdef' }), {
      TestEvent: { subject: ['$actor'], personal: ['name'], pseudonymous: [], nonPersonal: [] },
    }),
  );

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

eventStoreContract('PGlite (in memory), personal data encrypted at the edge', async ({ upcasters }) => {
  const database = await createDatabase({});
  const store = protectedStore(database, createPostgresEventStore(database, { upcasters }));
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
  const scratches: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const scratch of scratches) await scratch.drop();
  });
  eventStoreContract('Postgres server', async ({ upcasters }) => {
    const scratch = await createScratchDatabase(databaseUrl, 'es_contract');
    scratches.push(scratch);
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
  eventStoreContract('Postgres server, personal data encrypted at the edge', async ({ upcasters }) => {
    const scratch = await createScratchDatabase(databaseUrl, 'es_contract_protected');
    scratches.push(scratch);
    const database = await createDatabase({ url: scratch.url });
    const store = protectedStore(database, createPostgresEventStore(database, { upcasters }));
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
