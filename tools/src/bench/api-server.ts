/**
 * The API as the HTTP benchmarks run it: its own process (so the load generator does not share
 * its event loop), on the benchmark's scratch database, announcing its port and the port of a
 * meter on stdout: its CPU time, and its event-loop delay and GC pauses over the window the
 * benchmark opens (runtime-monitor.ts). Started by `startBenchApi` (harness.ts). The meter is
 * the benchmark's, on its own socket: nothing of it is in the product.
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import { createDatabase } from '@portal/database';
import { createApp, createInfrastructure, parseConfig } from '@portal/api';
import { monitorRuntime } from './runtime-monitor.js';

const config = parseConfig(process.env);
const database = await createDatabase({ url: config.databaseUrl!, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
const infra = await createInfrastructure(config, { database });
const app = await createApp(config, infra, { logs: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.getHttpServer().address() as { port: number };
// the benchmark reads the CPU time this process has used (GET /), opens (POST /runtime) and
// reads (GET /runtime) a window of event-loop delay and GC pauses around each measured phase, and
// reads the process's memory (GET /memory, after a full collection when started with --expose-gc)
const runtime = monitorRuntime();
const meter = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url === '/memory') {
    // after a full collection when the API runs with --expose-gc: what the process still holds
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    res.end(JSON.stringify({ rssMiB: m.rss / 2 ** 20, heapUsedMiB: m.heapUsed / 2 ** 20, heapTotalMiB: m.heapTotal / 2 ** 20, externalMiB: m.external / 2 ** 20 }));
    return;
  }
  if (req.url === '/runtime') {
    if (req.method === 'POST') runtime.reset();
    res.end(JSON.stringify(runtime.read()));
    return;
  }
  const { user, system } = process.cpuUsage();
  res.end(JSON.stringify({ cpuMs: (user + system) / 1000 }));
});
await new Promise<void>((resolve) => meter.listen(0, '127.0.0.1', resolve));
const meterPort = (meter.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ port: address.port, meterPort })}\n`);
process.on('SIGTERM', () => {
  meter.close();
  runtime.stop();
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
