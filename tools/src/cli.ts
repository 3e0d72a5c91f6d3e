// The portal's operator CLI: npm run portal -- <command>
import 'reflect-metadata';
import { Command } from 'commander';
import cliProgress from 'cli-progress';
import { createInfrastructure, parseConfig, type Infrastructure } from '@portal/api';
import { query } from '@portal/database';
import { performance } from 'node:perf_hooks';
import { checkpointToString, createLogEncryption, ed25519Signer, fileWitness, generateSigningKey, publicKeyOf } from '@portal/eventstore';
import { existsSync, rmSync } from 'node:fs';
import { verifySealedStream, type AppConfig } from '@portal/platform';
import { cliStartedBy, verifyWholeLogCommand } from './cli-verify.js';
import { seedDemoUsers } from '@portal/identity/application';
import { seedDemoExperts } from '@portal/engagement/application';
import { importContentPack, PackageRefused, PackValidationError, publishPackage, scormPackagesDir, stagePackage, ZipRefused } from '@portal/learning/application';
import { messagingSignatureOf, sampleInboundDelivery, sampleMessageId, sampleReplyDelivery } from '@portal/engagement/application';
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
      await seedDemoExperts(infra.store, infra.clock);
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
  .command('rebuild <names...>')
  .description('replay the log into a fresh schema, then swap; the live version serves meanwhile and every instance switches at the swap. Several names are rebuilt together in one pass over the log')
  .action((names: string[]) =>
    withInfra(async (infra) => {
      const known = infra.projections.status().map((s) => s.name);
      const unknown = names.filter((n) => !known.includes(n));
      if (unknown.length > 0) throw new Error(`unknown projection ${unknown.join(', ')}; known: ${known.join(', ')}`);
      let total = 0;
      if (infra.store.kind !== 'eventstoredb') {
        const list = (await import('@portal/api')).PROJECTIONS_LIST;
        for (const name of names) {
          const types = list.find((p) => p.name === name)!.eventTypes;
          const rows = await query<{ n: string }>(infra.database.db, 'select count(*)::text as n from es_events where type = any($1)', [types]);
          total += Number(rows[0]?.n ?? 0);
        }
      }
      const label = names.length === 1 ? names[0]! : `${names.length} projections`;
      const bar = new cliProgress.SingleBar({ format: `${label} [{bar}] {percentage}% | {value}/{total} events | {eta}s left` }, cliProgress.Presets.shades_classic);
      bar.start(Math.max(total, 1), 0);
      const started = Date.now();
      // a refusal (a checkpoint past the log's head, ADR 0081) ends the bar before its message
      const results = await infra.projections
        .rebuildTogether(names, (applied) => bar.update(Math.min(applied, Math.max(total, applied)), { total: Math.max(total, applied) }))
        .then((done) => (bar.update(Math.max(total, done.reduce((n, r) => n + r.events, 0))), done))
        .finally(() => bar.stop());
      const seconds = (Date.now() - started) / 1000;
      for (const result of results) {
        console.log(`rebuilt ${result.name}: ${result.events} events in ${seconds.toFixed(1)} s into ${result.schema}`);
        // serving instances switched at the swap (NOTIFY); they drop the old schema once none reads it
        if (result.retired) console.log(`retired ${result.retired}: the running instances drop it once none of them reads it (at least 30 s after the swap)`);
      }
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

content
  .command('import-scorm <zip>')
  .description('upload a SCORM zip and publish it into a station, as the manager screen does (zip safety, manifest read; the same course again is a new revision of its entry)')
  .requiredOption('--station <id>', 'the station the course goes into')
  .action((zip: string, flags: { station: string }) =>
    withInfra(async (infra, config) => {
      try {
        const pkg = await stagePackage(zip, scormPackagesDir(config.dataDir));
        const { manifest } = pkg;
        console.log(`${manifest.title} (${manifest.identifier}): SCORM ${manifest.edition}, ${manifest.scos.length} SCO${manifest.scos.length === 1 ? '' : 's'}, ${pkg.files} files; package ${pkg.packageId}`);
        for (const sco of manifest.scos) console.log(`  ${sco.id}: ${sco.title} (${sco.launch})`);
        const result = await publishPackage(infra.store, infra.clock, pkg, flags.station, { correlationId: `import-scorm-${pkg.packageId}`, actor: 'system', origin: 'cli' });
        console.log(
          result.revised
            ? `published into ${result.stationId} as ${result.entryId}: station revision ${result.revision}`
            : `unchanged: ${result.stationId} already plays this package as ${result.entryId} (revision ${result.revision})`,
        );
      } catch (error) {
        if (error instanceof ZipRefused || error instanceof PackageRefused) {
          console.error(`${zip} is refused (${error.code}):\n${error.message}`);
          process.exitCode = 2;
          return;
        }
        throw error;
      }
    }),
  );

const audit = program.command('audit').description('trace, seal and verify the event log');
const fmt = (n: number) => n.toLocaleString('en-US');
audit
  .command('verify [stream]')
  .description("recompute a stream's hash chain and check it against the newest checkpoint that sealed it; --all: every stream and every checkpoint")
  .option('--all', 'verify the whole log: every stream chain, every checkpoint in order, every sealed event')
  .action((stream: string | undefined, flags: { all?: boolean }) =>
    withInfra(async (infra, config) => {
      if (flags.all === (stream !== undefined)) throw new Error('name a stream or pass --all');
      if (stream !== undefined) {
        // the one per-stream verification, as every auditor route runs it (ADR 0083)
        const result = await verifySealedStream(infra.store, infra.logAudit, config, stream);
        if (!result.verified) console.log(`${stream}: BROKEN at ${result.reason}`);
        else {
          const sealed = result.sealedRevision === null ? 'not sealed by any checkpoint yet' : `sealed up to revision ${result.sealedRevision} by checkpoint ${result.checkpoint} (${result.sealedAt})`;
          console.log(`${stream}: ${result.checked} events, hash chain intact, ${sealed}${result.unsealed > 0 && result.sealedRevision !== null ? `; ${result.unsealed} after it not sealed yet` : ''}`);
        }
        if (!result.verified) process.exitCode = 1;
        return;
      }
      // recorded in audit_verification_runs like the auditor screen's runs; refused while one runs (ADR 0083)
      process.exitCode = await verifyWholeLogCommand(infra, config, { startedBy: cliStartedBy(), progressBar: process.stdout.isTTY === true });
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

const privacy = program.command('privacy').description('personal data in the log: crypto-shredding (ADR 0091)');
privacy
  .command('encrypt-log')
  .description(
    'once, with the API stopped: encrypt the personal fields of events stored before crypto-shredding, recompute the hash chains, archive the old checkpoints and seal the log anew; resumable (run it again after an interruption)',
  )
  .option('--batch <events>', 'events per transaction', (v) => Number.parseInt(v, 10), 2000)
  .action((flags: { batch: number }) =>
    withInfra(async (infra, config) => {
      if (!infra.logAudit) throw new Error('the migration rewrites the Postgres or PGlite log: EventStoreDB keeps its own records (ADR 0091)');
      if (!Number.isInteger(flags.batch) || flags.batch < 1) throw new Error('--batch must be a positive number of events');
      const migration = createLogEncryption(infra.database, infra.privacy);
      const started = performance.now();
      const bar = process.stdout.isTTY ? new cliProgress.SingleBar({ format: 'encrypting {bar} {value}/{total} events' }, cliProgress.Presets.shades_classic) : null;
      let barStarted = false;
      const result = await migration.run({
        batchSize: flags.batch,
        onProgress: ({ rewritten, total }) => {
          if (bar && !barStarted) {
            bar.start(total, rewritten);
            barStarted = true;
          }
          bar?.update(rewritten);
        },
      });
      bar?.stop();
      if (result.phase === 'done') {
        console.log('the log is already encrypted (the migration ran before)');
        return;
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(`rewritten: ${fmt(result.rewritten)} events (${fmt(result.encrypted)} with personal data encrypted now) in ${seconds.toFixed(1)} s`);
      // the witness remembers the archived seals: with none of the new ones yet it would refuse to seal
      const [{ n } = { n: 0 }] = await query<{ n: number }>(infra.database.db, 'select count(*)::int as n from es_checkpoints');
      if (Number(n) === 0 && existsSync(config.audit.witnessFile)) rmSync(config.audit.witnessFile);
      let sealed = 0;
      for (let batch = await infra.logAudit.seal({ signer: ed25519Signer(config.audit.signingKey), witness: fileWitness(config.audit.witnessFile) }); batch.length > 0; ) {
        sealed += batch.length;
        batch = await infra.logAudit.seal({ signer: ed25519Signer(config.audit.signingKey), witness: fileWitness(config.audit.witnessFile) });
      }
      await migration.finish();
      console.log(`sealed anew: ${fmt(sealed)} checkpoints (the old ones are in es_checkpoints_before_encryption); run audit verify --all`);
    }),
  );

const messaging = program.command('messaging').description('the messaging-app webhook (ADR 0073)');
messaging
  .command('simulate')
  .description('POST a sample WhatsApp Cloud API delivery, signed with MESSAGING_APP_SECRET, to the running API: a user message, or with --reply the business reply')
  .requiredOption('--from <phone>', "the user's phone with its country code (+55 11 98765-4321)")
  .requiredOption('--text <text>', 'the message text')
  .option('--reply', 'send the business reply to that phone (an smb_message_echoes delivery) instead of a user message')
  .option('--name <name>', "the user's messaging profile name", 'Sample user')
  .option('--id <messageId>', 'the platform message id (default: a new wamid); the same id twice is recorded once')
  .option('--url <url>', 'the API (default: PUBLIC_URL)')
  .action(async (flags: { from: string; text: string; reply?: boolean; name: string; id?: string; url?: string }) => {
    const config = loadConfig();
    if (!config.messaging.appSecret) throw new Error('MESSAGING_APP_SECRET is not set: the webhook is off (set it and MESSAGING_VERIFY_TOKEN for the API and this command)');
    const phone = flags.from.replace(/[^0-9]/g, '');
    const id = flags.id ?? sampleMessageId();
    const at = new Date().toISOString();
    const delivery = flags.reply ? sampleReplyDelivery({ id, to: phone, text: flags.text, at }) : sampleInboundDelivery({ id, from: phone, text: flags.text, at, name: flags.name });
    const body = JSON.stringify(delivery);
    const url = new URL('/api/messaging/webhook', flags.url ?? config.publicUrl);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': messagingSignatureOf(config.messaging.appSecret, body) }, body });
    console.log(`${res.status} ${await res.text()}`);
    console.log(`${flags.reply ? 'reply' : 'message'} ${id} ${flags.reply ? 'to' : 'from'} ${phone}`);
    if (!res.ok) process.exitCode = 1;
  });

const xapi = program.command('xapi').description('the learning log as xAPI 1.0.3 statements (ADR 0074)');
xapi
  .command('export')
  .description('export the learning log (media completed, answers, certificates, attendance) as xAPI statements after the last checkpoint of the target')
  .option('--out <file>', 'append the statements to this NDJSON file (one statement per line)')
  .option('--lrs', 'send them to the LRS of XAPI_LRS_ENDPOINT (XAPI_LRS_USERNAME/XAPI_LRS_PASSWORD or XAPI_LRS_AUTH)')
  .option('--from-start', "ignore the target's checkpoint: export the whole log again (a file is rewritten; an LRS keeps one copy per statement id)")
  .option('--batch <n>', 'statements per write or POST', '500')
  .action((flags: { out?: string; lrs?: boolean; fromStart?: boolean; batch: string }) =>
    withInfra(async (infra, config) => {
      const { exportXapi, fileTarget, lrsTarget, basicAuth, readExportCheckpoint, XAPI_LOG_TYPES } = await import('@portal/reporting/xapi-export');
      if (!!flags.out === !!flags.lrs) throw new Error('name one target: --out <file> or --lrs');
      const batchSize = Number(flags.batch);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new Error('--batch must be a whole number from 1 to 10000');
      let target;
      if (flags.lrs) {
        const lrs = config.xapi.lrs;
        if (!lrs) throw new Error('--lrs needs XAPI_LRS_ENDPOINT (and XAPI_LRS_USERNAME/XAPI_LRS_PASSWORD or XAPI_LRS_AUTH)');
        const auth = lrs.auth === null ? basicAuth('', '') : lrs.auth.kind === 'header' ? lrs.auth.value : basicAuth(lrs.auth.username, lrs.auth.password);
        target = lrsTarget({ endpoint: lrs.endpoint, auth, onRetry: (r) => console.error(`LRS: ${r.reason}; attempt ${r.attempt + 1} in ${(r.waitMs / 1000).toFixed(1)} s`) });
      } else target = fileTarget(flags.out!);
      // a progress bar's total: the learning-log events after the checkpoint (Postgres and PGlite)
      let total = 0;
      if (infra.store.kind !== 'eventstoredb') {
        const stored = flags.fromStart ? null : await readExportCheckpoint(infra.database, target.key).catch(() => null);
        const rows = await query<{ n: string }>(
          infra.database.db,
          'select count(*)::text as n from es_events where type = any($1) and (transaction_id, position) > ($2::text::xid8, $3::bigint)',
          [XAPI_LOG_TYPES, String(stored?.checkpoint.transactionId ?? 0n), String(stored?.checkpoint.position ?? 0n)],
        );
        total = Number(rows[0]?.n ?? 0);
      }
      const bar = new cliProgress.SingleBar({ format: `xAPI ${flags.lrs ? 'LRS' : 'file'} [{bar}] {percentage}% | {value}/{total} events | {statements} statements | {eta}s left` }, cliProgress.Presets.shades_classic);
      bar.start(Math.max(total, 1), 0, { statements: 0 });
      const started = performance.now();
      try {
        const result = await exportXapi({
          store: infra.store,
          database: infra.database,
          target,
          mapping: { baseIri: config.xapi.baseIri, platform: config.productName },
          fromStart: flags.fromStart === true,
          batchSize,
          onProgress: (p) => bar.update(Math.min(p.events, Math.max(total, p.events)), { total: Math.max(total, p.events), statements: p.statements }),
        });
        bar.update(Math.max(total, result.events, 1), { statements: result.statements });
        bar.stop();
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `${fmt(result.statements)} statements ${flags.lrs ? 'sent' : 'written'} in ${fmt(result.batches)} batches from ${fmt(result.events)} events (${fmt(result.skipped)} skipped: guests) in ${seconds.toFixed(1)} s; ` +
            `checkpoint ${checkpointToString(result.to)}; ${fmt(result.totalStatements)} statements in ${target.key} in all`,
        );
      } catch (error) {
        bar.stop();
        throw error;
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
