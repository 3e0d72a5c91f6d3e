import { sha256Hex } from './canonical-json.js';
import type { VerifyResult } from './port.js';

/**
 * Walks one stream's events in revision order and checks its hash chain: revisions contiguous from
 * 0, every hash sha256(previous hash + canonical text), and the stream head (es_streams) on the
 * last event. Shared by verifyStream and the whole-log audit so the two cannot disagree.
 */
export class StreamChain {
  private previous = '';
  private next = 0n;
  private broken: VerifyResult | null = null;

  constructor(readonly streamId: string) {}

  /** The revision the chain expects next. */
  get nextRevision(): bigint {
    return this.next;
  }

  get isBroken(): boolean {
    return this.broken !== null;
  }

  /**
   * Adds the next stored event; returns the break once the chain is broken (and keeps returning
   * it). With `tentative`, a hash that does not match returns 'mismatch' and leaves the chain as it
   * was, so the caller can try again with the canonical text from another source.
   */
  add(revision: bigint, hash: string, canonical: string): VerifyResult | null;
  add(revision: bigint, hash: string, canonical: string, tentative: true): VerifyResult | null | 'mismatch';
  add(revision: bigint, hash: string, canonical: string, tentative = false): VerifyResult | null | 'mismatch' {
    if (this.broken) return this.broken;
    const { streamId } = this;
    const matches = revision === this.next && sha256Hex(this.previous + canonical) === hash;
    if (!matches && tentative && revision === this.next) return 'mismatch';
    if (revision !== this.next) {
      this.broken = { ok: false, streamId, checked: Number(this.next), brokenAt: this.next, reason: `revision ${this.next} is missing` };
    } else if (!matches) {
      this.broken = { ok: false, streamId, checked: Number(revision), brokenAt: revision, reason: `hash of revision ${revision} does not match its content and predecessor` };
    } else {
      this.previous = hash;
      this.next += 1n;
    }
    return this.broken;
  }

  /** The verdict once every stored event was added, given the stream's head row (absent: none). */
  finish(head: { revision: bigint; lastHash: string } | undefined): VerifyResult {
    if (this.broken) return this.broken;
    const { streamId } = this;
    const count = Number(this.next);
    if (head && (head.revision !== this.next - 1n || head.lastHash !== this.previous)) {
      return { ok: false, streamId, checked: count, brokenAt: this.next, reason: `stream head (revision ${head.revision}) does not match the last stored event: events were removed` };
    }
    if (!head && count > 0) return { ok: false, streamId, checked: count, brokenAt: 0n, reason: 'events exist without a stream head' };
    return { ok: true, streamId, checked: count };
  }
}
