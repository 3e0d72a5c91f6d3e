import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Replaces one "## <heading>" section of docs/benchmarks.md, keeping every other section. */
export function writeSection(file: string, heading: string, text: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nFigures from `npm run bench`. Each section is rewritten by its benchmark.\n';
  const start = current.indexOf(`\n## ${heading}`);
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${text}`;
  else {
    const after = current.indexOf('\n## ', start + 1);
    next = `${current.slice(0, start).trimEnd()}\n\n${text}${after === -1 ? '' : `\n${current.slice(after + 1)}`}`;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
