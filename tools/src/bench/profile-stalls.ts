/**
 * Where an API process's event loop stalled, from a CPU profile taken during a benchmark
 * (BENCH_PROFILE_DIR=<dir> npm run bench -- <suite>): the longest stretches of samples with no
 * idle sample between them (one turn of the loop, or several back to back), each with the code
 * that took its time, named by the innermost frame of our own code (apps, contexts, libs,
 * projections) or else the package or Node internal it was in.
 *
 *   npx tsx tools/src/bench/profile-stalls.ts <file.cpuprofile> [stretches=15] [min ms=10]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const OURS = /\/(apps|contexts|libs|projections)\/[^/]+\/src\//;

/** A sample's name: the innermost frame of our code, else the package or internal of its leaf. */
function namer(profile: Profile): (id: number) => string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const cache = new Map<number, string>();
  const where = (n: ProfileNode) => {
    const { functionName, url, lineNumber } = n.callFrame;
    const file = url.replace(/^file:\/\//, '');
    const at = OURS.exec(file);
    if (at) return `${functionName || '(anonymous)'} ${file.slice(at.index + 1)}:${lineNumber + 1}`;
    return null;
  };
  return (id) => {
    const known = cache.get(id);
    if (known) return known;
    const leaf = byId.get(id)!;
    let name: string | null = null;
    for (let n: ProfileNode | undefined = leaf; n && !name; n = byId.get(parent.get(n.id) ?? -1)) name = where(n);
    if (!name) {
      const url = leaf.callFrame.url;
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
      name = pkg ? `[${pkg}] ${leaf.callFrame.functionName}` : `${leaf.callFrame.functionName || '(anonymous)'} ${url.startsWith('node:') ? url : ''}`.trim();
    }
    cache.set(id, name);
    return name;
  };
}

export function stalls(profile: Profile, options: { count?: number; minMs?: number } = {}) {
  const name = namer(profile);
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  type Stretch = { startMs: number; ms: number; by: Map<string, number> };
  const stretches: Stretch[] = [];
  let at = 0;
  let current: Stretch | null = null;
  profile.samples.forEach((sample, i) => {
    // a sample's delta is the time since the previous one: charge it to this sample
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    if (idle.has(sample)) {
      if (current) stretches.push(current);
      current = null;
      return;
    }
    current ??= { startMs: at - delta, ms: 0, by: new Map() };
    current.ms += delta;
    const n = name(sample);
    current.by.set(n, (current.by.get(n) ?? 0) + delta);
  });
  if (current) stretches.push(current);
  const minMs = options.minMs ?? 10;
  const long = stretches.filter((s) => s.ms >= minMs);
  // what the long stretches spent their time on, over all of them
  const total = new Map<string, number>();
  for (const s of long) for (const [n, t] of s.by) total.set(n, (total.get(n) ?? 0) + t);
  return {
    stretches: stretches.length,
    long: long.length,
    longMs: long.reduce((a, s) => a + s.ms, 0),
    worst: [...long].sort((a, b) => b.ms - a.ms).slice(0, options.count ?? 15),
    inLong: [...total].sort((a, b) => b[1] - a[1]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count, minMs] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-stalls.ts <file.cpuprofile> [stretches] [min ms]');
  const r = stalls(JSON.parse(readFileSync(file, 'utf8')) as Profile, { count: Number(count ?? 15), minMs: Number(minMs ?? 10) });
  console.log(`${r.long} of ${r.stretches} busy stretches took >= ${minMs ?? 10} ms, ${r.longMs.toFixed(0)} ms in all; their time went to:`);
  for (const [n, t] of r.inLong.slice(0, 25)) console.log(`${t.toFixed(1).padStart(9)} ms  ${n}`);
  for (const s of r.worst) {
    const top = [...s.by].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`\n${s.ms.toFixed(1)} ms at ${(s.startMs / 1000).toFixed(2)} s:`);
    for (const [n, t] of top) console.log(`${t.toFixed(1).padStart(9)} ms  ${n}`);
  }
}
