import { createDatabase, query } from '@portal/database';
import { START, createPostgresEventStore } from './src/index.js';
import { createScratchDatabase } from './src/scratch-database.js';
const scratch = await createScratchDatabase('postgres://postgres@127.0.0.1:5432/test', 'es_probe');
const database = await createDatabase({ url: scratch.url, poolSize: 8 });
const store = createPostgresEventStore(database);
await store.migrate();
const ctx = { correlationId: 'c', actor: 'system', origin: 'system' as const };
let missing = 100_000, s = 0;
let t = performance.now();
await Promise.all(Array.from({ length: 4 }, async () => { while (missing > 0) { const n = Math.min(1000, missing); missing -= n; await store.append(`seed-${s++}`, Array.from({ length: n }, (_, i) => ({ type: 'X', data: { i, text: 'lorem ipsum dolor sit amet' } })), { expectedRevision: 'no-stream', context: ctx }); } }));
console.log('seed s', (performance.now() - t) / 1000);
console.log('count', await query(database.db, 'select count(*) n, count(distinct transaction_id) t from es_events'));
t = performance.now();
let events = 0, pages = 0;
for (let cp = START; ;) { const p = await store.readAll({ after: cp, limit: 1000 }); if (!p.events.length) break; events += p.events.length; pages++; cp = p.checkpoint; }
console.log('read', events, pages, (performance.now() - t) / 1000);
console.log(await query(database.db, `explain analyze select position from es_events where (transaction_id, position) > ('0'::xid8, 0::bigint) and transaction_id < pg_snapshot_xmin(pg_current_snapshot()) order by transaction_id, position limit 1000`));
await store.close(); await database.close(); await scratch.drop();
