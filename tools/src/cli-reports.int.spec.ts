import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, createScratchDatabase, type ScratchDatabase } from '@portal/database';
import { createPostgresEventStore } from '@portal/eventstore';
import { reportExportsStream, reportingEvents } from '@portal/reporting/contracts';
import { appendReportsStory, COMPANY_A } from '../../contexts/reporting/testing/reports-story.js';
import { parseCsvExport } from '../../contexts/reporting/testing/report-http.js';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, 'cli.ts');
const tsx = join(here, '../../node_modules/.bin/tsx');

const portal = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(tsx, [cli, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', EVENTSTORE_URL: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const databaseUrl = process.env.TEST_DATABASE_URL;
let scratch: ScratchDatabase | undefined;
afterAll(async () => {
  await scratch?.drop();
});

describe.runIf(databaseUrl)('npm run portal -- reports export', () => {
  it('writes the report of one company as CSV after a rebuild, and records the export by cli', async () => {
    scratch = await createScratchDatabase(databaseUrl!, 'cli_reports');
    const database = await createDatabase({ url: scratch.url });
    const store = createPostgresEventStore(database);
    await store.migrate();
    await appendReportsStory(store);
    const env = { DATABASE_URL: scratch.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'cli-reports-')) };
    // two projections in one pass over the log: each swapped to its new schema
    const rebuilt = await portal(env, 'projections', 'rebuild', 'report-answers', 'report-stations');
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/rebuilt report-answers: \d+ events .* into rm_report_answers_v1_r/);
    expect(rebuilt.stdout).toMatch(/rebuilt report-stations: \d+ events .* into rm_report_stations_v1_r/);
    const out = join(env.DATA_DIR, 'answers.csv');
    const run = await portal(env, 'reports', 'export', 'answers', '--format', 'csv', '--company', COMPANY_A, '--lang', 'en', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('5 rows written');
    const file = parseCsvExport(readFileSync(out, 'utf8'));
    expect(new Set(file.rows.map((r) => r[file.header.indexOf('Company')]))).toEqual(new Set(['Agro Alfa']));
    const events = (await store.readStream(reportExportsStream('cli'))).map((e) => reportingEvents.parseRecorded(e));
    expect(events.map((e) => [e.data.report, e.data.format, e.data.rows, e.data.by, e.metadata.origin])).toEqual([['answers', 'csv', 5, 'cli', 'cli']]);
    expect((await portal(env, 'reports', 'export', 'nope', '--format', 'csv', '--out', out)).code).toBe(1);
    await store.close();
    await database.close();
  });
});
