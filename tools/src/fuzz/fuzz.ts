// The outside fuzzer (issue 11, ADR 0008): requests generated from the served OpenAPI document by
// json-schema-faker, sent through Prism's validating proxy (`prism proxy --errors`) to a running
// portal. A finding is any 5xx (ours, or Prism's report of an answer the document does not
// declare) and any answer Prism flags in its `sl-violations` header.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { generate } from 'json-schema-faker';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema: Schema };
  security: Record<string, string[]>[];
}
export interface Caller {
  name: string;
  /** headers for the next request; called again after a 401 (a session may have ended) */
  headers(refresh?: boolean): Promise<Record<string, string>>;
}
export interface Finding {
  caller: string;
  operation: string;
  request: string;
  status: number;
  problem: string;
}
export interface FuzzReport {
  operations: number;
  cases: number;
  durationMs: number;
  statuses: Record<string, number>;
  findings: Finding[];
  /** requests Prism refused as not matching the document (422): the generator's misses, not the API's */
  refused: Finding[];
}
export interface FuzzOptions {
  /** the portal, e.g. http://127.0.0.1:3000 */
  apiUrl: string;
  callers: Caller[];
  /** generated requests per operation and caller */
  casesPerOperation: number;
  seed: number;
  /** only the operations whose OpenAPI path (e.g. /api/manage-users/find) this accepts (default: all) */
  paths?: (path: string) => boolean;
  log?: (line: string) => void;
}

const require = createRequire(import.meta.url);
const prismBin = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist/index.js');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** Prism's validating proxy in front of the portal; it answers once it has loaded the document. */
async function startPrism(documentFile: string, upstream: string): Promise<{ url: string; stop(): Promise<void>; output(): string }> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [prismBin, 'proxy', documentFile, upstream, '--errors', '--port', String(port), '--host', '127.0.0.1', '-v', 'warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited early:\n${output}`);
    if (await fetch(`${url}/api/app-config`).then((r) => r.status < 500, () => false)) break;
    if (Date.now() > deadline) throw new Error(`prism did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content as Record<string, { schema: Schema }> | undefined;
      const type = content ? Object.keys(content)[0] : undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        ...(type ? { body: { type, schema: content![type]!.schema } } : {}),
        security: op.security ?? [],
      });
    }
  }
  // reads first, then writes; sign-out and account changes last, so the signed-in caller keeps
  // its session (and its e-mail) for as long as possible
  const rank = (o: Operation) => (o.method === 'GET' ? 0 : /\/(auth|updateUserProfile|applyActionCode)/.test(o.path) ? 2 : 1);
  return ops.sort((a, b) => rank(a) - rank(b));
}

const seedOf = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0);

// Characters a schema allows in any free-form string that Postgres cannot store (defect 1 of
// issue 11): every fourth case carries one in a string of its body, which must come back 400.
const UNSTORABLE = ['\u0000', '\ud800', '\udfff'];
function withUnstorable(value: unknown, seed: number): unknown {
  const leaves: { parent: Record<string, unknown>; key: string }[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (typeof child === 'string') leaves.push({ parent: node as Record<string, unknown>, key });
      else walk(child);
    }
  };
  walk(value);
  const leaf = leaves[seed % Math.max(leaves.length, 1)];
  if (leaf) leaf.parent[leaf.key] = `${leaf.parent[leaf.key] as string}${UNSTORABLE[seed % UNSTORABLE.length]}`;
  return value;
}

/** One request generated from the operation's schemas (json-schema-faker, seeded). */
async function generateRequest(op: Operation, components: unknown, seed: number, unstorable: boolean) {
  const options = { seed, optionalsProbability: 0.5, maxDefaultItems: 3, refDepth: 2, useDefaultValue: false };
  const gen = async (schema: Schema | undefined, salt: number) => (schema ? generate({ ...schema, components } as never, { ...options, seed: seed + salt }) : undefined);
  let path = op.path;
  const query = new URLSearchParams();
  let salt = 0;
  for (const p of op.parameters) {
    salt += 1;
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(await gen(p.schema ?? { type: 'string' }, salt))));
    else if (p.in === 'query' && (p.required || (seed + salt) % 2 === 0)) {
      const value = await gen(p.schema ?? { type: 'string' }, salt);
      if (Array.isArray(value)) for (const v of value) query.append(p.name, String(v));
      else if (value !== undefined && value !== null) query.set(p.name, String(value));
    }
  }
  const search = query.toString();
  const url = `${path}${search ? `?${search}` : ''}`;
  if (!op.body) return { url, body: undefined, contentType: undefined };
  const generated = await gen(op.body.schema, 1000);
  const value = unstorable ? withUnstorable(generated, seed) : generated;
  if (op.body.type === 'multipart/form-data') {
    const form = new FormData();
    for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      const binary = ((op.body.schema.properties as Record<string, Schema> | undefined)?.[k]?.format === 'binary');
      form.set(k, binary ? new Blob([Buffer.from(String(v))], { type: 'application/octet-stream' }) : String(v));
    }
    return { url, body: form, contentType: undefined };
  }
  return { url, body: JSON.stringify(value), contentType: op.body.type };
}

/**
 * Multipart bodies that are not what their content type says (issue 26 item 2): sent to every
 * multipart operation beside the generated cases, straight to the portal (a validating proxy would
 * refuse them before the portal saw them). Each must be answered with a status the operation
 * declares and below 500.
 */
const MALFORMED_MULTIPART: { name: string; contentType: string; body: string }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', body: 'a,b\r\n1,2\r\n' },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: 'a,b\r\n' },
  { name: 'a body without its boundary', contentType: 'multipart/form-data; boundary=fuzz', body: 'not multipart at all' },
  { name: 'a part cut short', contentType: 'multipart/form-data; boundary=fuzz', body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b' },
];

async function sendMalformedMultipart(apiUrl: string, op: Operation, declared: string[], headers: Record<string, string>, caller: string, report: FuzzReport): Promise<void> {
  const url = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
  for (const c of MALFORMED_MULTIPART) {
    const res = await fetch(`${apiUrl}${url}`, { method: op.method, headers: { ...headers, 'content-type': c.contentType }, body: c.body, redirect: 'manual' });
    const text = await res.text();
    report.cases += 1;
    report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
    const problem = res.status >= 500 ? text.slice(0, 1200) : !declared.includes(String(res.status)) ? `status ${res.status} is not declared (${declared.join(', ')})` : null;
    if (problem) report.findings.push({ caller, operation: `${op.method} ${op.path}`, request: `${op.method} ${url} (malformed multipart: ${c.name})`, status: res.status, problem });
  }
}

export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const doc = await (await fetch(`${options.apiUrl}/api/docs/openapi.json`)).json();
  const dir = mkdtempSync(join(tmpdir(), 'portal-fuzz-'));
  const documentFile = join(dir, 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(doc));
  const prism = await startPrism(documentFile, options.apiUrl);
  const ops = operationsOf(doc).filter((op) => options.paths?.(op.path) ?? true);
  const report: FuzzReport = { operations: ops.length, cases: 0, durationMs: 0, statuses: {}, findings: [], refused: [] };
  try {
    for (const caller of options.callers) {
      let headers = await caller.headers();
      for (const op of ops) {
        if (op.body?.type === 'multipart/form-data') {
          const declared = Object.keys(doc.paths[op.path][op.method.toLowerCase()].responses ?? {});
          await sendMalformedMultipart(options.apiUrl, op, declared, headers, caller.name, report);
        }
        for (let i = 0; i < options.casesPerOperation; i += 1) {
          const req = await generateRequest(op, doc.components, seedOf(options.seed, caller.name, op.method, op.path, i), i % 4 === 3);
          const send = () =>
            fetch(`${prism.url}${req.url}`, {
              method: op.method,
              headers: { ...headers, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
              ...(req.body !== undefined ? { body: req.body } : {}),
              redirect: 'manual',
            });
          let res = await send();
          if (res.status === 401 && caller.name !== 'signed-out' && caller.name !== 'forged-token') {
            headers = await caller.headers(true);
            res = await send();
          }
          const text = await res.text();
          report.cases += 1;
          report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
          const violations = res.headers.get('sl-violations');
          const operation = `${op.method} ${op.path}`;
          const request = `${op.method} ${req.url}${typeof req.body === 'string' ? ` ${req.body.slice(0, 300)}` : ''}`;
          if (res.status >= 500) report.findings.push({ caller: caller.name, operation, request, status: res.status, problem: text.slice(0, 1200) });
          else if (violations) report.findings.push({ caller: caller.name, operation, request, status: res.status, problem: violations.slice(0, 1200) });
          else if (res.status === 422 && res.headers.get('content-type')?.includes('problem+json')) report.refused.push({ caller: caller.name, operation, request, status: 422, problem: text.slice(0, 600) });
        }
      }
      log(`fuzz: ${caller.name} done (${report.cases} cases so far)`);
    }
  } finally {
    await prism.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** A caller signed in as a demo account (a bearer token, signed in again after a 401). */
export function signedInCaller(apiUrl: string, name: string, account: { email: string; password: string }): Caller {
  let token: string | null = null;
  let canSignIn = true;
  return {
    name,
    async headers(refresh = false) {
      if (canSignIn && (!token || refresh)) {
        const res = await fetch(`${apiUrl}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
        // after a generated change of its e-mail or password the demo account no longer signs
        // in: go on with the last token rather than lock the account with failed sign-ins
        if (res.ok) token = ((await res.json()) as { accessToken: string }).accessToken;
        else canSignIn = false;
      }
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      return headers;
    },
  };
}

/**
 * A bearer token signed with another secret (what a stale or forged token looks like to the API):
 * every route that reads a user must say 401 for it, public routes that take an optional user too
 * (issue 26 item 7: the picture upload answered an undeclared 401).
 */
export const FORGED_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMTkwMDAwMC0wMDAwLTcwMDAtODAwMC0wMDAwMDAwMDAwMDEiLCJpc3MiOiJhZ3JvLXBvcnRhbCIsImV4cCI6NDEwMjQ0NDgwMH0.c2lnbmVkIHdpdGggYW5vdGhlciBzZWNyZXQ';

/** The callers of the outside test: signed out, a guest, a forged bearer token and the demo learner. */
export function standardCallers(apiUrl: string, learner = { email: 'learner@demo.agro', password: 'Demo#2026' }): Caller[] {
  return [
    { name: 'signed-out', headers: async () => ({}) },
    { name: 'guest', headers: async () => ({ 'x-guest-id': '6f1c1d3e-8a41-4b43-9a57-3f4f7bb0b7a1' }) },
    { name: 'forged-token', headers: async () => ({ authorization: `Bearer ${FORGED_TOKEN}` }) },
    signedInCaller(apiUrl, 'learner', learner),
  ];
}

export const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `- [${f.caller}] ${f.operation} -> ${f.status}\n  request: ${f.request}\n  ${f.problem.replace(/\n/g, '\n  ')}`).join('\n');
