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
