// The portal's operator CLI: npm run portal -- <command>
import 'reflect-metadata';
import { Command } from 'commander';
import cliProgress from 'cli-progress';
import { createInfrastructure, parseConfig, type Infrastructure } from '@portal/api';
import { query } from '@portal/database';
import { checkpointToString } from '@portal/eventstore';
import { seedDemoUsers } from '@portal/identity/application';
import { importContentPack, PackValidationError } from '@portal/learning/application';

async function withInfra<T>(fn: (infra: Infrastructure) => Promise<T>): Promise<T> {
  const config = parseConfig({ DATA_DIR: './.data', ...process.env });
  const infra = await createInfrastructure(config, { runProjections: false });
  try {
    return await fn(infra);
  } finally {
    await infra.close();
  }
}

const program = new Command('portal').description('Operate the agro learning portal (seed, projections, audit)');

program
  .command('seed')
  .description('create the demo users of every role (idempotent)')
  .action(() =>
    withInfra(async (infra) => {
      const created = await seedDemoUsers(infra.store, infra.clock);
      console.log(`demo users created: ${created}`);
    }),
  );

const projections = program.command('projections').description('read models');
projections
  .command('status')
  .description('checkpoint and lag of each projection')
  .action(() =>
    withInfra(async (infra) => {
      for (const s of infra.projections.status()) {
        console.log(`${s.name.padEnd(20)} v${s.version}  schema ${s.schema}  at ${checkpointToString(s.checkpoint)}  lag ${await infra.projections.lag(s.name)}`);
      }
    }),
  );
projections
  .command('rebuild <name>')
  .description('replay the log into a fresh schema, then swap; the live version serves meanwhile and every instance switches at the swap')
  .action((name: string) =>
    withInfra(async (infra) => {
      const def = infra.projections.status().find((s) => s.name === name);
      if (!def) throw new Error(`unknown projection ${name}; known: ${infra.projections.status().map((s) => s.name).join(', ')}`);
      let total = 0;
      if (infra.store.kind !== 'eventstoredb') {
        const types = (await import('@portal/api')).PROJECTIONS_LIST.find((p) => p.name === name)!.eventTypes;
        const rows = await query<{ n: string }>(infra.database.db, 'select count(*)::text as n from es_events where type = any($1)', [types]);
        total = Number(rows[0]?.n ?? 0);
      }
      const bar = new cliProgress.SingleBar({ format: `${name} [{bar}] {percentage}% | {value}/{total} events | {eta}s left` }, cliProgress.Presets.shades_classic);
      bar.start(Math.max(total, 1), 0);
      const started = Date.now();
      const result = await infra.projections.rebuild(name, (applied) => bar.update(Math.min(applied, Math.max(total, applied)), { total: Math.max(total, applied) }));
      bar.update(Math.max(total, result.events));
      bar.stop();
      const seconds = (Date.now() - started) / 1000;
      console.log(`rebuilt ${name}: ${result.events} events in ${seconds.toFixed(1)} s into ${result.schema}`);
      // serving instances switched at the swap (NOTIFY); they drop the old schema once none reads it
      if (result.retired) console.log(`retired ${result.retired}: the running instances drop it once none of them reads it (at least 30 s after the swap)`);
    }),
  );

const content = program.command('content').description('the content pack (catalogue, questions, certificate rules)');
content
  .command('import [path]')
  .description('validate and import a content pack (default content/pack.json); an unchanged pack writes nothing')
  .action((path: string | undefined) =>
    withInfra(async (infra) => {
      try {
        const report = await importContentPack(infra.store, infra.clock, { ...(path ? { file: path } : {}), origin: 'cli' });
        const list = (l: Record<string, string[]>) => Object.entries(l).filter(([, ids]) => ids.length > 0).map(([k, ids]) => `${k} ${ids.length} (${ids.join(', ')})`).join('; ') || 'none';
        console.log(`pack ${report.packVersion} (${report.packHash}) from ${report.file}`);
        console.log(`revised: ${list(report.revised as unknown as Record<string, string[]>)}`);
        console.log(`retired: ${list(report.retired as unknown as Record<string, string[]>)}`);
        console.log(report.events === 0 ? 'unchanged: no event written' : `${report.events} events written`);
      } catch (error) {
        if (error instanceof PackValidationError) {
          console.error(error.message);
          process.exitCode = 2;
          return;
        }
        throw error;
      }
    }),
  );

const audit = program.command('audit').description('trace and verify the event log');
audit
  .command('verify <stream>')
  .description("recompute a stream's hash chain")
  .action((stream: string) =>
    withInfra(async (infra) => {
      const result = await infra.store.verifyStream(stream);
      console.log(result.ok ? `${stream}: ${result.checked} events, hash chain intact` : `${stream}: BROKEN at revision ${result.brokenAt}: ${result.reason}`);
      if (!result.ok) process.exitCode = 1;
    }),
  );
audit
  .command('stream <stream>')
  .description("print a stream's events with their metadata")
  .action((stream: string) =>
    withInfra(async (infra) => {
      for (const e of await infra.store.readStream(stream)) {
        const { passwordHash: _omit, ...data } = e.data as Record<string, unknown>;
        console.log(JSON.stringify({ revision: String(e.revision), type: e.type, recordedAt: e.recordedAt, metadata: e.metadata, data }));
      }
    }),
  );

program.parseAsync(process.argv).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
