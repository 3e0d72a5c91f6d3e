// The portal's operator CLI: npm run portal -- <command>
import 'reflect-metadata';
import { Command } from 'commander';
import cliProgress from 'cli-progress';
import { createInfrastructure, parseConfig, type Infrastructure } from '@portal/api';
import { query } from '@portal/database';
import { performance } from 'node:perf_hooks';
import { checkpointToString, ed25519Signer, fileWitness, generateSigningKey, publicKeyOf, type LogBreak } from '@portal/eventstore';
import type { AppConfig } from '@portal/platform';
import { seedDemoUsers } from '@portal/identity/application';
import { importContentPack, PackValidationError } from '@portal/learning/application';
import { exportReportFile, SERVER_REPORTS } from '@portal/reporting/application';
import { createWriteStream } from 'node:fs';

const loadConfig = () => parseConfig({ DATA_DIR: './.data', ...process.env });

async function withInfra<T>(fn: (infra: Infrastructure, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const infra = await createInfrastructure(config, { runProjections: false });
  try {
    return await fn(infra, config);
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

const audit = program.command('audit').description('trace, seal and verify the event log');
const fmt = (n: number) => n.toLocaleString('en-US');
const whereOf = (b: LogBreak) =>
  b.kind === 'stream' ? `stream ${b.streamId}, revision ${b.revision}` : `checkpoint ${b.checkpoint}${b.position === null ? '' : `, global position ${b.position}`}`;
/** The public keys a verification accepts: the configured signing key's and the retired ones (ADR 0030). */
const trustedKeys = (config: AppConfig) => [publicKeyOf(config.audit.signingKey), ...config.audit.trustedKeys];
audit
  .command('verify [stream]')
  .description("recompute a stream's hash chain and check it against the newest checkpoint that sealed it; --all: every stream and every checkpoint")
  .option('--all', 'verify the whole log: every stream chain, every checkpoint in order, every sealed event')
  .action((stream: string | undefined, flags: { all?: boolean }) =>
    withInfra(async (infra, config) => {
      if (flags.all === (stream !== undefined)) throw new Error('name a stream or pass --all');
      if (stream !== undefined) {
        const result = await infra.store.verifyStream(stream);
        const sealed = result.ok && infra.logAudit ? await infra.logAudit.verifySealedHead(stream, trustedKeys(config)) : null;
        if (!result.ok) console.log(`${stream}: BROKEN at revision ${result.brokenAt}: ${result.reason}`);
        else if (sealed) console.log(`${stream}: BROKEN at ${whereOf(sealed)}: ${sealed.reason}`);
        else console.log(`${stream}: ${result.checked} events, hash chain intact`);
        if (!result.ok || sealed) process.exitCode = 1;
        return;
      }
      if (!infra.logAudit) {
        console.error('verify --all needs the event store in Postgres or PGlite: EventStoreDB keeps no checkpoints (ADR 0030)');
        process.exitCode = 2;
        return;
      }
      const started = performance.now();
      const result = await infra.logAudit.verify({ trustedKeys: trustedKeys(config), witness: fileWitness(config.audit.witnessFile) });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${fmt(result.events)} events in ${fmt(result.streams)} streams, ${fmt(result.checkpoints)} checkpoints` +
          (result.sealedUpTo ? ` sealing up to ${checkpointToString(result.sealedUpTo)}` : '') +
          `; ${fmt(result.unsealed)} events after the newest checkpoint (not sealed yet); ${seconds.toFixed(1)} s`,
      );
      if (result.ok) {
        console.log('log intact: every stream chain and every checkpoint verify');
        return;
      }
      console.log(`BROKEN: first at ${whereOf(result.breaks[0]!)}`);
      for (const b of result.breaks) console.log(`  ${whereOf(b)}: ${b.reason}`);
      process.exitCode = 1;
    }),
  );
audit
  .command('seal')
  .description('seal every event readers can see into signed checkpoints now (the API also does it in the background)')
  .action(() =>
    withInfra(async (infra, config) => {
      if (!infra.logAudit) throw new Error('sealing needs the event store in Postgres or PGlite: EventStoreDB keeps no checkpoints (ADR 0030)');
      const sealed = await infra.logAudit.seal({ signer: ed25519Signer(config.audit.signingKey), witness: fileWitness(config.audit.witnessFile) });
      for (const c of sealed) console.log(`checkpoint ${c.number}: ${fmt(c.events)} events up to ${checkpointToString(c.to)}, ${fmt(c.heads)} stream heads, digest ${c.digest}`);
      if (sealed.length === 0) console.log('nothing to seal (or another process is sealing right now)');
    }),
  );
audit
  .command('keygen')
  .description('print a new Ed25519 signing key (for AUDIT_SIGNING_KEY) and its public key; see ADR 0030 on rotation')
  .action(() => {
    const key = generateSigningKey();
    console.log(key.trim());
    console.log(`public key: ${publicKeyOf(key)}`);
  });
audit
  .command('public-key')
  .description('print the public key of the configured signing key (to keep in AUDIT_TRUSTED_KEYS after a rotation)')
  .action(() => {
    console.log(publicKeyOf(loadConfig().audit.signingKey));
  });
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

const reports = program.command('reports').description('the manager reports (ADR 0070)');
reports
  .command('export <report>')
  .description(`write a report as CSV or XLSX (every company unless --company), recorded as ReportExported by cli; reports: ${Object.keys(SERVER_REPORTS).join(', ')}`)
  .requiredOption('--format <format>', 'csv or xlsx')
  .requiredOption('--out <file>', 'the file to write')
  .option('--company <companyId>', 'only learners of this company')
  .option('--from <date>', 'from this day (YYYY-MM-DD, UTC)')
  .option('--to <date>', 'up to this day, included')
  .option('--as-of <datetime>', 'the report as it stood then (ISO 8601 with offset)')
  .option('--lang <locale>', 'headers and titles: pt-BR, es or en', 'pt-BR')
  .action((name: string, flags: { format: string; out: string; company?: string; from?: string; to?: string; asOf?: string; lang: string }) =>
    withInfra(async (infra) => {
      if (!Object.hasOwn(SERVER_REPORTS, name)) throw new Error(`unknown report ${name}; known: ${Object.keys(SERVER_REPORTS).join(', ')}`);
      const query = { format: flags.format, companyId: flags.company, from: flags.from, to: flags.to, asOf: flags.asOf, lang: flags.lang };
      const started = performance.now();
      const out = createWriteStream(flags.out);
      const { rows } = await exportReportFile({ store: infra.store, clock: infra.clock, projections: infra.projections }, name as keyof typeof SERVER_REPORTS, query, out);
      console.log(`${name}: ${rows.toLocaleString('en-US')} rows written to ${flags.out} in ${((performance.now() - started) / 1000).toFixed(1)} s (recorded as ReportExported by cli)`);
    }),
  );

program.parseAsync(process.argv).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
