import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, PersonalDataProtection } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import type { Mailer } from '@portal/mail';
import { CLOCK, EVENT_STORE, handleCommand, loadState, MAILER, PRIVACY, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { erasureStream, userEvents, userStream } from '../../contracts/index.js';
import { subjectErasureDecider } from '../../domain/index.js';
import { PictureStore } from '../shared/picture-store.js';
import { SessionService } from '../shared/session-service.js';
import { SubjectEraser } from '../shared/subject-eraser.js';
import { SignInThrottle } from '../shared/throttle.js';

/** What the subject left outside the log, found before the key is gone (the log reads "[erased]" after). */
interface Traces {
  emails: string[];
  ips: string[];
}

/**
 * Crypto-shredding (issue 31, ADR 0091): the `SubjectEraser` the rights workflow calls. In order:
 * what the subject left outside the log is looked up (their addresses and sign-in addresses, while
 * the log still reads them), their sessions are revoked, their data keys destroyed (every
 * personal field of theirs in the log, backups included, reads "[erased]" from now on), the
 * erasure recorded (`SubjectErased`, no personal data), every projection's personal data of
 * theirs purged, and their mail, profile pictures and sign-in throttle rows deleted. Every step is
 * idempotent, so an erasure that stopped half-way is finished by the next call; once recorded, a
 * second erasure answers the first proof.
 */
@Injectable()
export class CryptoShredder extends SubjectEraser {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRIVACY) private readonly privacy: PersonalDataProtection,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(PictureStore) private readonly pictures: PictureStore,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
  ) {
    super();
  }

  async erase(subjectId: string, context: { requestId: string; actorId: string }): Promise<{ erasedAt: string; proof: string }> {
    const stream = erasureStream(subjectId);
    const recorded = await this.proofOf(stream);
    if (recorded) return recorded;
    const append = { correlationId: context.requestId, causationId: context.requestId, actor: context.actorId, origin: 'system' as const };

    const traces = await this.tracesOf(subjectId);
    this.sessions.refuseUserTokens(subjectId, this.clock.now());
    await this.sessions.revokeAllOf(subjectId, 'erased', null, append);
    const keysDestroyed = await this.privacy.keyring.destroySubject(subjectId);
    await handleCommand(
      this.store,
      stream,
      subjectErasureDecider,
      { type: 'RecordErasure', data: { subjectId, requestId: context.requestId, by: context.actorId, keysDestroyed, now: this.clock.now().toISOString() } },
      append,
    );
    await this.projections.purgeSubject(subjectId);
    await this.mailer.forget(traces.emails);
    await this.pictures.deleteAllOf(subjectId);
    await this.throttle.forget(traces.emails, traces.ips);
    const proof = await this.proofOf(stream);
    if (!proof) throw new Error(`erasure of ${subjectId} was not recorded`);
    return proof;
  }

  /** The recorded erasure: when, and the SubjectErased event's id and log position (never personal data). */
  private async proofOf(stream: string): Promise<{ erasedAt: string; proof: string } | null> {
    const { state } = await loadState(this.store, stream, subjectErasureDecider);
    if (state.status !== 'erased') return null;
    const [event] = await this.store.readStream(stream, { limit: 1 });
    return { erasedAt: state.erasedAt, proof: `SubjectErased ${event!.metadata.eventId} at ${event!.checkpoint.transactionId}.${event!.checkpoint.position}` };
  }

  private async tracesOf(subjectId: string): Promise<Traces> {
    const emails = new Set<string>();
    const ips = new Set<string>();
    for (const recorded of await this.store.readStream(userStream(subjectId))) {
      if (!userEvents.has(recorded.type)) continue;
      const event = userEvents.parse(recorded);
      const data: Record<string, unknown> = event.data;
      for (const field of ['email', 'previousEmail', 'replacedEmail']) if (typeof data[field] === 'string') emails.add(String(data[field]).trim().toLowerCase());
      if (typeof data.ip === 'string') ips.add(data.ip);
      if (typeof recorded.metadata.ip === 'string') ips.add(recorded.metadata.ip);
    }
    return { emails: [...emails], ips: [...ips] };
  }
}
