import { createDatabase, query } from '@portal/database';
import { START, createPostgresEventStore } from './src/index.js';
import { createScratchDatabase } from './src/scratch-database.js';
const scratch = await createScratchDatabase('postgres://postgres@127.0.0.1:5432/test', 'es_probe');
const database = await createDatabase({ url: scratch.url, poolSize: 8 });
const store = createPostgresEventStore(database);
await store.migrate();
const ctx = { correlationId: '0190c3a0-0000-7000-8000-000000000000', actor: 'user-1234', origin: 'web' as const };
let missing = 200_000, s = 0;
await Promise.all(Array.from({ length: 4 }, async () => { while (missing > 0) { const n = Math.min(1000, missing); missing -= n; await store.append(`seed-${s++}`, Array.from({ length: n }, (_, i) => ({ type: 'X', data: { i, text: 'lorem ipsum dolor sit amet' } })), { expectedRevision: 'no-stream', context: ctx }); } }));
for (let k = 0; k < 2; k++) {
let t = performance.now(); let events = 0;
for (let cp = START; ;) { const p = await store.readAll({ after: cp, limit: 1000 }); if (!p.events.length) break; events += p.events.length; cp = p.checkpoint; }
console.log('store', events, ((performance.now() - t) / 1000).toFixed(2), Math.round(events / ((performance.now() - t) / 1000)));
}
await store.close(); await database.close(); await scratch.drop();
