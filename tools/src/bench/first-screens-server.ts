/**
 * The server's side of the first screens (issue 29, ADR 0090): `/home` rendered as a document for
 * 50 signed-in learners at once, in rounds. Target: p99 of the render's server time
 * (`Server-Timing: render;dur=`) at most 50 ms. The wall time of each document (queueing behind
 * the other 49 on this process included) is printed beside it.
 *
 * The built portal (apps/api/dist, apps/web/dist and dist-server) on a fresh PGlite with the demo
 * content, as `npm start` runs it; the 50 learners are 50 sessions of the demo learner (each
 * document reads the user's claims, profile and home data again, as for 50 different users).
 *
 *   node tools/src/build.mjs && npm run bench -- first-screens-server
 */
import { startPortal } from '../../e2e/harness.js';
import { figures, mark, ms, reportFileOf } from './harness.js';
import { writeSection } from './report.js';

const LEARNER = { email: 'learner@demo.agro', password: 'Demo#2026' };
const TARGET_P99_MS = 50;

export interface FirstScreensServerOptions {
  learners?: number;
  rounds?: number;
  reportFile?: string | null;
}

const cookiesOf = (answer: Response): string =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');

export async function benchFirstScreensServer(options: FirstScreensServerOptions = {}) {
  const learners = options.learners ?? 50;
  const rounds = options.rounds ?? 10;
  const portal = await startPortal({ RATE_LIMIT_MAX: '10000000' }, { fresh: true });
  try {
    const sessions: string[] = [];
    for (let i = 0; i < learners; i += 1) {
      const answer = await fetch(`${portal.url}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(LEARNER) });
      if (!answer.ok) throw new Error(`sign-in answered ${answer.status}`);
      sessions.push(cookiesOf(answer));
    }
    const document = async (cookie: string) => {
      const started = performance.now();
      const answer = await fetch(`${portal.url}/home`, { headers: { accept: 'text/html', cookie } });
      const html = await answer.text();
      const wall = performance.now() - started;
      const timing = /render;dur=([\d.]+)/.exec(answer.headers.get('server-timing') ?? '');
      if (answer.status !== 200 || !timing || !html.includes('id="portal-ssr"')) throw new Error(`/home answered ${answer.status} without a server render`);
      return { server: Number(timing[1]), wall };
    };
    // warm-up: the renderer's bundle, the read models' caches
    for (const cookie of sessions.slice(0, 5)) await document(cookie);
    const server: number[] = [];
    const wall: number[] = [];
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      for (const result of await Promise.all(sessions.map(document))) {
        server.push(result.server);
        wall.push(result.wall);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const s = figures(server);
    const w = figures(wall);
    const line = `/home documents, ${learners} at once x ${rounds} rounds: server render p50 ${ms(s.p50Ms)} ms, p99 ${ms(s.p99Ms)} ms (target ≤ ${TARGET_P99_MS}: ${mark(s.p99Ms <= TARGET_P99_MS)}); wall p50 ${ms(w.p50Ms)} ms, p99 ${ms(w.p99Ms)} ms; ${(server.length / seconds).toFixed(0)} documents/s`;
    console.log(line);
    const file = reportFileOf(options.reportFile);
    if (file)
      writeSection(
        file,
        'First screens on the server',
        [
          '## First screens on the server',
          '',
          `\`npm run bench -- first-screens-server\` (tools/src/bench/first-screens-server.ts), ${new Date().toISOString().slice(0, 10)}: the built portal on PGlite with the demo content, ${learners} sessions of the demo learner asking for \`/home\` as a document at once, ${rounds} rounds. "Server" is the render's own time (\`Server-Timing: render\`: the claims, the in-process reads and React's render); "wall" is each document's whole answer, waiting behind the other ${learners - 1} on one process included. One API process on a 2-core machine shared with the load generator.`,
          '',
          '| figure | p50 ms | p95 ms | p99 ms | max ms | target |',
          '|---|---:|---:|---:|---:|---|',
          `| server render | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.p99Ms)} | ${ms(s.maxMs)} | p99 ≤ ${TARGET_P99_MS} ms: ${mark(s.p99Ms <= TARGET_P99_MS)} |`,
          `| wall | ${ms(w.p50Ms)} | ${ms(w.p95Ms)} | ${ms(w.p99Ms)} | ${ms(w.maxMs)} | |`,
          '',
          `Throughput: ${(server.length / seconds).toFixed(0)} documents/s.`,
          '',
        ].join('\n'),
      );
    return { server: s, wall: w };
  } finally {
    await portal.stop();
  }
}
