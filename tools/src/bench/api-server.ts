/**
 * The API as the HTTP benchmarks run it: its own process (so the load generator does not share
 * its event loop), on the benchmark's scratch database, announcing its port and the port of a
 * CPU meter on stdout. Started by `startBenchApi` (harness.ts).
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import { createDatabase } from '@portal/database';
import { createApp, createInfrastructure, parseConfig } from '@portal/api';

const config = parseConfig(process.env);
const database = await createDatabase({ url: config.databaseUrl!, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
const infra = await createInfrastructure(config, { database });
const app = await createApp(config, infra, { logs: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.getHttpServer().address() as { port: number };
// the benchmark reads the CPU time this process has used, before and after its measured phase
const meter = createServer((_req, res) => {
  const { user, system } = process.cpuUsage();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ cpuMs: (user + system) / 1000 }));
});
await new Promise<void>((resolve) => meter.listen(0, '127.0.0.1', resolve));
const meterPort = (meter.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ port: address.port, meterPort })}\n`);
process.on('SIGTERM', () => {
  meter.close();
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
