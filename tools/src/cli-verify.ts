// `npm run portal -- audit verify --all` (ADR 0030, 0071, 0083): the whole log, recorded as a run
import cliProgress from 'cli-progress';
import { userInfo } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Infrastructure } from '@portal/api';
import { checkpointToString } from '@portal/eventstore';
import { ensureLogVerificationRuns, LogVerificationRunning, openLogVerificationRun, recordLogVerification, whereOf, type AppConfig } from '@portal/platform';

const fmt = (n: number) => n.toLocaleString('en-US');

/** Who started a CLI run, as `audit_verification_runs.started_by` keeps it: `cli:<OS user>` (`cli` when the OS names none). */
export function cliStartedBy(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/** Exit codes of `audit verify --all`. */
export const VERIFY_EXIT = { intact: 0, broken: 1, unavailable: 2, running: 3 } as const;

/**
 * Verifies the whole log as the auditor's screen does, and records the run in
 * `audit_verification_runs` (running, then passed or failed with the checked count and the
 * result), so every subject's "whole log last verified" line reads it. While another run is
 * running (the screen's or another CLI's) it refuses at once with exit code 3 and says whose.
 * Answers the exit code.
 */
export async function verifyWholeLogCommand(
  infra: Infrastructure,
  config: AppConfig,
  options: { startedBy: string; progressBar: boolean; out?: (line: string) => void; err?: (line: string) => void },
): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  if (!infra.logAudit) {
    err('verify --all needs the event store in Postgres or PGlite: EventStoreDB keeps no checkpoints (ADR 0030)');
    return VERIFY_EXIT.unavailable;
  }
  await ensureLogVerificationRuns(infra.database);
  let run;
  try {
    run = await openLogVerificationRun(infra.database, infra.clock, options.startedBy);
  } catch (error) {
    if (!(error instanceof LogVerificationRunning)) throw error;
    const r = error.running;
    err(
      'a verification of the whole log is already running' +
        (r ? ` (run ${r.runId}, started by ${r.startedBy} at ${r.startedAt.toISOString()}, ${fmt(r.checked)} of ${fmt(r.total)} events checked)` : '') +
        '; only one runs at a time: run this again once it has finished (the auditor screen shows its progress)',
    );
    return VERIFY_EXIT.running;
  }
  const started = performance.now();
  // on the terminal only: a bar redrawn in place would fill a log file or a pipe
  const bar = options.progressBar
    ? new cliProgress.SingleBar({ format: 'verify --all [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | {eta}s left', etaBuffer: 20 }, cliProgress.Presets.shades_classic)
    : null;
  let barStarted = false;
  const result = await recordLogVerification(infra.database, infra.logAudit, config, infra.clock, run, (p) => {
    if (!bar) return;
    const rate = fmt(Math.round(p.checked / Math.max((performance.now() - started) / 1000, 0.001)));
    if (!barStarted) {
      bar.start(Math.max(p.total, 1), p.checked, { rate });
      barStarted = true;
    } else {
      if (p.total > bar.getTotal()) bar.setTotal(p.total);
      bar.update(p.checked, { rate });
    }
  }).finally(() => bar?.stop());
  const seconds = (performance.now() - started) / 1000;
  out(
    `${fmt(result.events)} events in ${fmt(result.streams)} streams, ${fmt(result.checkpoints)} checkpoints` +
      (result.sealedUpTo ? ` sealing up to ${checkpointToString(result.sealedUpTo)}` : '') +
      `; ${fmt(result.unsealed)} events after the newest checkpoint (not sealed yet); ${seconds.toFixed(1)} s`,
  );
  if (result.ok) {
    out(`log intact: every stream chain and every checkpoint verify (recorded as run ${run.runId})`);
    return VERIFY_EXIT.intact;
  }
  out(`BROKEN: first at ${whereOf(result.breaks[0]!)}`);
  for (const b of result.breaks) out(`  ${whereOf(b)}: ${b.reason}`);
  out(`recorded as run ${run.runId}`);
  return VERIFY_EXIT.broken;
}
