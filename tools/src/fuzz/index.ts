// npm run fuzz -- --url http://127.0.0.1:3000 [--cases 3] [--seed 11]: the outside fuzzer against a
// running portal with the demo users (SEED_DEMO=true) and a high RATE_LIMIT_MAX. npm test runs the
// same fuzzer on a fresh portal (tools/e2e/fuzz.e2e.spec.ts).
import { parseArgs } from 'node:util';
import { describeFindings, fuzz, standardCallers } from './fuzz.js';

// --paths <regexp>: only the operations whose OpenAPI path matches (e.g. --paths '^/api/user-profile/')
const { values } = parseArgs({ options: { url: { type: 'string' }, cases: { type: 'string', default: '3' }, seed: { type: 'string', default: '11' }, paths: { type: 'string' } } });
if (!values.url) {
  console.error('usage: npm run fuzz -- --url http://127.0.0.1:3000 [--cases 3] [--seed 11]');
  process.exit(2);
}
const only = values.paths ? new RegExp(values.paths) : null;
const report = await fuzz({ apiUrl: values.url, callers: standardCallers(values.url), casesPerOperation: Number(values.cases), seed: Number(values.seed), log: console.log, ...(only ? { paths: (path: string) => only.test(path) } : {}) });
console.log(`${report.cases} cases over ${report.operations} operations in ${(report.durationMs / 1000).toFixed(1)} s; statuses ${JSON.stringify(report.statuses)}`);
if (report.refused.length > 0) console.log(`${report.refused.length} generated requests refused by Prism (not sent):\n${describeFindings(report.refused)}`);
if (report.findings.length > 0) {
  console.error(`${report.findings.length} findings:\n${describeFindings(report.findings)}`);
  process.exit(1);
}
