import 'reflect-metadata';
import { ConfigError, devMailboxWarning, parseConfig } from './config.js';
import { createInfrastructure } from './infrastructure/infrastructure.js';
import { createApp } from './app.factory.js';
import { contentServerOf } from './content/content-server.js';
import { contentOriginFor } from '@portal/learning/application';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoUsers } from '@portal/identity/application';
import { seedDemoLocations } from '@portal/booking/application';
import { seedDemoExperts } from '@portal/engagement/application';
import { importContentPack } from '@portal/learning/application';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // one line, before anyone can reach the page
  if (config.devMailbox) process.stderr.write(`${devMailboxWarning(config)}\n`);
  const infra = await createInfrastructure(config);
  if (config.seedDemo) await seedDemoUsers(infra.store, infra.clock);
  if (config.seedDemo) await seedDemoLocations(infra.store, infra.clock);
  if (config.seedDemo) await seedDemoExperts(infra.store, infra.clock);
  if (config.seedDemo) {
    // idempotent: an unchanged content/pack.json writes nothing
    const pack = await importContentPack(infra.store, infra.clock, { origin: 'system' });
    if (pack.checkpoint) await infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
  }
  const app = await createApp(config, infra);
  await app.listen({ port: config.port, host: config.host });
  // the sandboxed content origin for SCORM packages (ADR 0084), a second port of this process
  if (config.content.port) await contentServerOf(app).listen({ port: config.content.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Agro learning portal is running at ${url}`,
    `  mode: ${config.databaseUrl ? 'server (Postgres)' : `embedded (PGlite, data in ${config.dataDir})`}${config.eventstoreUrl ? ' + EventStoreDB' : ''}`,
    `  API docs: ${url}/api/docs   health: ${url}/api/health`,
    `  SCORM content origin: ${contentOriginFor(`localhost:${config.port}`, config) ?? 'none (CONTENT_PORT=0)'}`,
  ];
  if (config.seedDemo) {
    lines.push(`  demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`    ${u.roles.join(', ').padEnd(16)} ${u.email}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
