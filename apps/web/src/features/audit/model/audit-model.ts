import type { AuditLogBreak, AuditStreamChain, AuditTimeline, AuditVerification } from '@portal/reporting/contracts/audit-http';

/** The chains of every stream seen on the loaded pages, by stream; a broken verdict wins over an intact one. */
export function chainsOf(pages: readonly Pick<AuditTimeline, 'streams'>[]): Map<string, AuditStreamChain> {
  const chains = new Map<string, AuditStreamChain>();
  for (const page of pages) {
    for (const chain of page.streams) {
      const known = chains.get(chain.streamId);
      if (!known || (known.verified && !chain.verified)) chains.set(chain.streamId, chain);
    }
  }
  return chains;
}

/** Where a break is, as the auditor reads it: the stream and revision, or the checkpoint and global position. */
export function breakPlace(b: AuditLogBreak): { kind: 'stream'; streamId: string; revision: string } | { kind: 'checkpoint'; checkpoint: string; position: string | null; streamId: string | null; revision: string | null } {
  if (b.kind === 'stream' && b.streamId !== null && b.revision !== null) return { kind: 'stream', streamId: b.streamId, revision: b.revision };
  return { kind: 'checkpoint', checkpoint: b.checkpoint ?? '?', position: b.position, streamId: b.streamId, revision: b.revision };
}

/** The first stream break (a stream and revision to look at), else the first break. */
export const firstBreak = (breaks: readonly AuditLogBreak[]): AuditLogBreak | null => breaks.find((b) => b.kind === 'stream') ?? breaks[0] ?? null;

/** A run's progress in percent (0-100), whole numbers; 100 once it finished. */
export function progressOf(run: Pick<AuditVerification, 'status' | 'checked' | 'total'>): number {
  if (run.status !== 'running') return 100;
  if (run.total <= 0) return 0;
  return Math.min(100, Math.floor((run.checked / run.total) * 100));
}

/** The first 12 characters of a long id or hash, enough to tell them apart on screen. */
export const shortId = (value: string): string => (value.length > 14 ? `${value.slice(0, 12)}…` : value);

const SCORM_WORDS = {
  results: ['correct', 'wrong', 'incorrect', 'unanticipated', 'neutral'],
  statuses: ['passed', 'failed', 'completed', 'incomplete', 'browsed', 'not attempted', 'unknown'],
} as const;

/**
 * A SCORM result or status in the auditor's words (issue 27): the standard's vocabulary through
 * `scorm.results.*` / `scorm.statuses.*` (1.2's `wrong` and 2004's `incorrect` read the same), a
 * numeric result as written, anything else as the package wrote it, nothing as a dash.
 */
type ScormWordKey = { [K in keyof typeof SCORM_WORDS]: `scorm.${K}.${(typeof SCORM_WORDS)[K][number]}` }[keyof typeof SCORM_WORDS];
export function scormWord(t: (key: ScormWordKey) => string, kind: keyof typeof SCORM_WORDS, value: string | null): string {
  if (value === null || value === '') return '—';
  return (SCORM_WORDS[kind] as readonly string[]).includes(value) ? t(`scorm.${kind}.${value}` as ScormWordKey) : value;
}
