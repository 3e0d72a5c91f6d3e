import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ms, type Summary } from './harness.js';

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

/**
 * The head of a latency table. Every figure is the median of the runs; the p99 also shows its
 * spread, and each row carries what the API's runtime (event-loop delay, GC pauses) and the load
 * generator's event loop did during the same phase, medians of the runs too.
 */
export const latencyHead = (runs: number): string[] => [
  `| call | answers | p50 ms | p95 ms | p99 ms: median (min to max over ${runs} runs) | max ms | API event-loop delay p99 / max ms | API GC pauses: longest / total ms | load generator loop delay p99 / max ms |`,
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];

/** "12.7 (11.9 to 14.0)": a p99 median with its spread over the runs. */
export const p99Spread = (s: Summary): string => (s.runs > 1 ? `${ms(s.p99Ms)} (${ms(s.p99MinMs)} to ${ms(s.p99MaxMs)})` : ms(s.p99Ms));

/** A row of the latency table. */
export const latencyRow = (name: string, s: Summary): string =>
  `| ${name} | ${Math.round(s.count)} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${p99Spread(s)} | ${ms(s.maxMs)} | ${ms(s.api.loopP99Ms)} / ${ms(s.api.loopMaxMs)} | ${ms(s.api.gcMaxMs)} / ${ms(s.api.gcTotalMs)} | ${ms(s.generator.loopP99Ms)} / ${ms(s.generator.loopMaxMs)} |`;
