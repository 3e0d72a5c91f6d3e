// Runs the source rules (tools/src/source-rules.mjs) on the repository: `npm run lint:deps`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSources, SOURCE_RULES } from './source-rules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const violations = checkSources(root);
if (violations.length > 0) {
  for (const v of violations) {
    console.error(`${v.rule}: ${v.file}:${v.line}: ${v.what}`);
  }
  for (const rule of SOURCE_RULES.filter((r) => violations.some((v) => v.rule === r.name))) console.error(`\n${rule.name}: ${rule.comment}`);
  process.exit(1);
}
console.log(`source rules: no violations (${SOURCE_RULES.map((r) => r.name).join(', ')}).`);
