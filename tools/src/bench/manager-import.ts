import { writeSection } from './report.js';
import { during, median, mark, perRun, repeatRuns, reportFileOf, runtimeLine, scratchDatabase, startBenchApi, type BenchApi } from './harness.js';
/**
 * Bulk onboarding benchmark (issue 14, ADR 0055), on a Postgres server: a company manager imports
 * a CSV file of users (IMPORT_ROWS, default 10,000; BENCH_IMPORT_ROWS) into the demo company,
 * through the whole API (HTTP on a real socket, one API process per run on the same database,
 * the demo companies, reference lists and catalogue seeded first).
 *
 * The file is what a company hands over: pt-BR headers, semicolons, e-mail, name, state, city,
 * phone, user type, group and region by their labels, allowed crops by name. Each run (BENCH_RUNS,
 * default 3) imports its own addresses:
 *
 * 1. the dry run (every row judged, nothing written);
 * 2. the import: every row a new pre-registered user (an address claim and a user stream each).
 *    Target: at most 30 s for 10,000 rows (the median of the runs);
 * 3. the same file again: every row unchanged, nothing written;
 * 4. the file with one row in ten naming another city: those rows update, the others stay.
 *
 * Checks: the totals of each answer (created, unchanged, updated as the file says, no invalid row).
 * Writes the "## Manager CSV import" section of docs/benchmarks.md.
 *
 *   npm run bench -- manager-import
 *   npm run bench -- manager-import --smoke     (500 rows, nothing written)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '@portal/database';
import { createEventStore } from '@portal/eventstore';
import { newId, systemClock } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { DEMO_COMPANY, seedDemoUsers } from '@portal/identity/application';
import { importUsersResponseSchema, type ImportUsersResponse } from '@portal/identity/contracts';
import { importContentPack } from '@portal/learning/application';

const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const SCRATCH = 'bench_manager_import';
const TARGET_SECONDS = 30;
const TARGET_ROWS = 10_000;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

const FIRST = ['João', 'José', 'Maria', 'Ana', 'Conceição', 'Antônio', 'Luíza', 'Márcio', 'Fábio', 'Júlia', 'Sérgio', 'Inês', 'Pedro', 'Carlos', 'Fernanda', 'Patrícia', 'Gabriel', 'Rosa', 'Tiago', 'Vitória'];
const LAST = ['Silva', 'Souza', 'Conceição', 'Ávila', 'Gonçalves', 'Araújo', 'Oliveira', 'Lima', 'Costa', 'Ribeiro', 'Martins', 'Brandão', 'Simões', 'Pereira', 'Almeida', 'Barbosa', 'Cardoso', 'Teixeira', 'Moreira', 'Rocha'];
const STATES = [
  ['SP', 'Campinas'],
  ['PR', 'Londrina'],
  ['GO', 'Rio Verde'],
  ['MT', 'Sorriso'],
  ['MG', 'Uberlândia'],
  ['BA', 'Luís Eduardo Magalhães'],
] as const;
const USER_TYPES = ['Agricultor', 'Distribuidor', 'Cooperativa'];
const GROUPS = ['Grupo Cerrado', 'Grupo Sul', 'Grupo Matopiba', 'Grupo Sudeste'];
const REGIONS = ['Centro-Oeste', 'Sul', 'Sudeste'];
const CROPS = ['Soja', 'Milho', 'Soja; Milho', 'Algodão', 'todas'];

/** The file of one run: `rows` new addresses; `moved` names another city on every tenth row. */
function importFile(run: string, rows: number, moved = false): Buffer {
  const lines = ['E-mail;Nome;Estado;Cidade;Telefone;Tipo de usuário;Grupo;Região;Culturas permitidas'];
  for (let i = 0; i < rows; i++) {
    const [state, city] = STATES[i % STATES.length]!;
    const name = `${FIRST[i % 20]} ${LAST[Math.floor(i / 20) % 20]}`;
    lines.push(
      [
        `import.${run}.${i}@cooperativa.demo`,
        name,
        state,
        moved && i % 10 === 0 ? 'Cascavel' : city,
        `+55 11 9${String(10_000_000 + i).slice(-8)}`,
        USER_TYPES[i % USER_TYPES.length],
        GROUPS[i % GROUPS.length],
        REGIONS[i % REGIONS.length],
        CROPS[i % CROPS.length],
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function postImport(api: BenchApi, token: string, file: Buffer, dryRun: boolean): Promise<{ seconds: number; body: ImportUsersResponse }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'users.csv');
  const t0 = performance.now();
  const res = await fetch(`${api.base}/manage-users/import?dryRun=${dryRun}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`POST /manage-users/import answered ${res.status}: ${text.slice(0, 500)}`);
  return { seconds, body: importUsersResponseSchema.parse(JSON.parse(text)) };
}

interface ImportRun {
  drySeconds: number;
  importSeconds: number;
  againSeconds: number;
  movedSeconds: number;
  /** totals that differ from what the file says, per phase */
  wrong: string[];
  apiCpuSeconds: number;
}

export interface ManagerImportOptions {
  url: string;
  rows?: number;
  smoke?: boolean;
  out?: (line: string) => void;
  reportFile?: string | null;
}

export async function benchManagerImport(opts: ManagerImportOptions): Promise<ManagerImportResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const reportFile = reportFileOf(opts.reportFile);
  const rows = opts.rows ?? Number(process.env.BENCH_IMPORT_ROWS ?? TARGET_ROWS);
  const loadBefore = loadavg()[0]!;
  const scratch = await scratchDatabase(opts.url, SCRATCH);
  const database = await createDatabase({ url: scratch.url, poolSize: 4 });
  const store = createEventStore({ database });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    await store.migrate();
    out('seeding the demo companies, reference lists, users and the catalogue...');
    await seedDemoUsers(store, systemClock);
    await importContentPack(store, systemClock);
    const tokens = new TokenService(JWT_SECRET, 3600);
    const token = await tokens.issue({
      sub: newId(),
      sid: newId(),
      email: `${newId()}@bench.example`,
      roles: ['company_manager'],
      permissions: ['manage_companies_users'],
      companyId: DEMO_COMPANY,
      aclTags: [],
      country: 'BR',
      allowedStations: 'all',
      registerStatus: 'Completed',
      emailVerified: true,
    });
    const runs = await repeatRuns(out, async (index): Promise<ImportRun> => {
      const api = await startBenchApi({ databaseUrl: scratch.url, dataDir, jwtSecret: JWT_SECRET, env: { BOOKING_EXPIRY_SWEEP_SECONDS: '0' } });
      try {
        const tag = `${index}-${Date.now().toString(36)}`;
        const file = importFile(tag, rows);
        const wrong: string[] = [];
        const expect = (phase: string, got: ImportUsersResponse['totals'], want: Partial<ImportUsersResponse['totals']>) => {
          for (const [k, v] of Object.entries(want)) if (got[k as keyof typeof got] !== v) wrong.push(`${phase}: ${k} ${got[k as keyof typeof got]} (expected ${v})`);
        };
        const dry = await postImport(api, token, file, true);
        expect('dry run', dry.body.totals, { create: rows, invalid: 0 });
        out(`dry run: ${int(rows)} rows in ${dry.seconds.toFixed(1)} s`);
        const cpu0 = await api.cpuMs();
        const done = await during(api, () => postImport(api, token, file, false));
        const apiCpuSeconds = ((await api.cpuMs()) - cpu0) / 1000;
        expect('import', done.value.body.totals, { create: rows, invalid: 0 });
        out(`import: ${int(rows)} rows in ${done.value.seconds.toFixed(1)} s (${int(rows / done.value.seconds)} rows/s); ${runtimeLine(done.runtime)}`);
        const again = await postImport(api, token, file, false);
        expect('again', again.body.totals, { unchanged: rows, create: 0, update: 0, invalid: 0 });
        out(`the same file again: ${again.seconds.toFixed(1)} s, ${int(again.body.totals.unchanged)} unchanged`);
        const moved = await postImport(api, token, importFile(tag, rows, true), false);
        expect('one row in ten moved', moved.body.totals, { update: Math.ceil(rows / 10), unchanged: rows - Math.ceil(rows / 10), invalid: 0 });
        out(`one row in ten moved: ${moved.seconds.toFixed(1)} s, ${int(moved.body.totals.update)} updated`);
        for (const w of wrong) out(`WRONG ${w}`);
        return { drySeconds: dry.seconds, importSeconds: done.value.seconds, againSeconds: again.seconds, movedSeconds: moved.seconds, wrong, apiCpuSeconds };
      } finally {
        await api.stop();
      }
    });
    const importSeconds = median(runs.map((r) => r.importSeconds));
    // the target is for 10,000 rows; a smaller file (--smoke) is held to the same rate
    const fast = importSeconds <= (TARGET_SECONDS * rows) / TARGET_ROWS;
    const met = fast && runs.every((r) => r.wrong.length === 0);
    const result: ManagerImportResult = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
      postgres: scratch.postgres,
      loadBefore,
      loadAfter: loadavg()[0]!,
      rows,
      runs,
      fast,
      met,
    };
    out(`manager-import: ${int(rows)} rows imported in ${importSeconds.toFixed(1)} s (median of ${runs.length}): ${met ? 'met' : 'MISSED'}`);
    if (reportFile) writeSection(reportFile, 'Manager CSV import', section(result));
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await store.close();
    await database.close();
    await scratch.drop();
  }
}

export interface ManagerImportResult {
  date: string;
  machine: string;
  postgres: string;
  loadBefore: number;
  loadAfter: number;
  rows: number;
  runs: ImportRun[];
  /** the import's median within the target */
  fast: boolean;
  met: boolean;
}

function section(r: ManagerImportResult): string {
  const med = (pick: (run: ImportRun) => number) => median(r.runs.map(pick));
  const spread = (pick: (run: ImportRun) => number) => `${med(pick).toFixed(1)} (${Math.min(...r.runs.map(pick)).toFixed(1)} to ${Math.max(...r.runs.map(pick)).toFixed(1)})`;
  return [
    '## Manager CSV import',
    '',
    `\`npm run bench -- manager-import\` (tools/src/bench/manager-import.ts), ${r.date}. ${r.machine}; ${r.postgres}; load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after.`,
    '',
    `**Bulk onboarding** (ADR 0055). A company manager posts a CSV file of ${int(r.rows)} users (pt-BR headers, semicolons; e-mail, name, state, city,`,
    'phone, user type, group and region by their labels, allowed crops by name) to POST /api/manage-users/import of one API process',
    '(the demo companies, reference lists and catalogue seeded): the dry run, the import (every row a new pre-registered user:',
    'an address claim and a user stream each), the same file again (every row unchanged, nothing written), and the file with one',
    `row in ten naming another city (those rows update). Seconds per call, the median of ${r.runs.length} runs (min to max):`,
    '',
    '| call | seconds |',
    '|---|---|',
    `| dry run, ${int(r.rows)} new rows | ${spread((x) => x.drySeconds)} |`,
    `| import, ${int(r.rows)} new users | ${spread((x) => x.importSeconds)} |`,
    `| the same file again (all unchanged) | ${spread((x) => x.againSeconds)} |`,
    `| one row in ten changed (updates) | ${spread((x) => x.movedSeconds)} |`,
    '',
    `API CPU during the import: ${med((x) => x.apiCpuSeconds).toFixed(1)} s.`,
    '',
    '| check | result | target |',
    '|---|---|---|',
    `| import of ${int(r.rows)} rows (median of ${r.runs.length} runs) | ${med((x) => x.importSeconds).toFixed(1)} s | <= ${((TARGET_SECONDS * r.rows) / TARGET_ROWS).toFixed(0)} s: ${mark(r.fast)} |`,
    `| totals other than the file says, each run | ${perRun(r.runs.map((x) => x.wrong.length))} | 0 |`,
    '',
  ].join('\n');
}
