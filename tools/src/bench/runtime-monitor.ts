/**
 * What a Node process did to the latencies measured through it: how late its event loop ran
 * (monitorEventLoopDelay: a timer every RESOLUTION_MS; how much later than due it fired is the
 * time a callback waited for the loop: synchronous work, a GC pause, or the process waiting for
 * a CPU) and its garbage collector's pauses (PerformanceObserver 'gc' entries), over a window
 * the benchmark opens with reset() and closes with read(). Used in the API process (api-server.ts,
 * read over its meter socket) and in the load generator.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const RESOLUTION_MS = 5;

export interface RuntimeFigures {
  /** Event-loop delay beyond the timer's interval: p50, p99 and max (ms). */
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  /** GC pauses in the window: every kind, and the major (mark-compact) ones. */
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  gcMajorCount: number;
  gcMajorMaxMs: number;
  /** CPU time the process used in the window (ms) and the window's length (s). */
  cpuMs: number;
  seconds: number;
  /** Heap in use at the end of the window (MiB). */
  heapMiB: number;
}

export interface RuntimeMonitor {
  reset(): void;
  read(): RuntimeFigures;
  stop(): void;
}

export function monitorRuntime(): RuntimeMonitor {
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0, majorCount: 0, majorMaxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const major = ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (major) {
        gc.majorCount += 1;
        gc.majorMaxMs = Math.max(gc.majorMaxMs, entry.duration);
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let since = { at: performance.now(), cpuMs: cpu() };
  // the histogram holds the whole interval between two timer callbacks; the delay is what exceeds it
  const delay = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return {
    reset() {
      loop.reset();
      gc = { count: 0, totalMs: 0, maxMs: 0, majorCount: 0, majorMaxMs: 0 };
      since = { at: performance.now(), cpuMs: cpu() };
    },
    read() {
      const empty = loop.count === 0;
      return {
        loopP50Ms: empty ? 0 : delay(loop.percentile(50)),
        loopP99Ms: empty ? 0 : delay(loop.percentile(99)),
        loopMaxMs: empty ? 0 : delay(loop.max),
        gcCount: gc.count,
        gcTotalMs: gc.totalMs,
        gcMaxMs: gc.maxMs,
        gcMajorCount: gc.majorCount,
        gcMajorMaxMs: gc.majorMaxMs,
        cpuMs: cpu() - since.cpuMs,
        seconds: (performance.now() - since.at) / 1000,
        heapMiB: process.memoryUsage().heapUsed / 2 ** 20,
      };
    },
    stop() {
      loop.disable();
      observer.disconnect();
    },
  };
}
