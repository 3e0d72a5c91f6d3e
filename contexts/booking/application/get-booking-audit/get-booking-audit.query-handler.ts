import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import type { Database } from '@portal/database';
import { compareCheckpoints, toAuditedEvent, type EventStore, type LogAudit } from '@portal/eventstore';
import { APP_CONFIG, DATABASE, EVENT_STORE, LOG_AUDIT, latestWholeLogVerification, verifySealedStreams, type AppConfig } from '@portal/platform';
import { bookingLifeEvents, bookingStream, slotStream, visitorStream, type BookingAudit } from '../../contracts/index.js';
import { visitorKeyOf } from '../shared/visitor-key.js';
import { GetBookingAuditQuery } from './get-booking-audit.query.js';

/**
 * A booking's whole history for auditors, read from the log itself (not a projection): its own
 * stream, the seat events of its slot and the holds of its visitor that name it, each event with
 * who (actor), when, from where (origin, client time, the ip and link in the data) and its hash;
 * every stream involved is verified as `audit verify <stream>` does (its chain, then its events
 * against the checkpoints that sealed them; ADR 0083), beside the last whole-log verification.
 */
@QueryHandler(GetBookingAuditQuery)
export class GetBookingAuditHandler implements IQueryHandler<GetBookingAuditQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async execute({ bookingId }: GetBookingAuditQuery): Promise<BookingAudit> {
    const own = await this.store.readStream(bookingStream(bookingId));
    const first = own[0];
    if (!first || first.type !== 'BookingRequested') throw new AppError('404');
    const requested = bookingLifeEvents.schemas.BookingRequested.parse(first.data);
    const streams = [bookingStream(bookingId), slotStream(requested.locationId, requested.date, requested.time), visitorStream(visitorKeyOf(requested.visitor.email))];
    const [slot, visitor] = await Promise.all([this.store.readStream(streams[1]!), this.store.readStream(streams[2]!)]);
    const related = [...own, ...slot, ...visitor].filter((e) => e.streamId === streams[0] || e.data.bookingId === bookingId);
    related.sort((a, b) => compareCheckpoints(a.checkpoint, b.checkpoint));
    const [verified, lastWholeLog] = await Promise.all([verifySealedStreams(this.store, this.logAudit, this.config, streams), latestWholeLogVerification(this.database)]);
    return {
      bookingId,
      verified: verified.every((v) => v.verified),
      streams: verified.map((v) => ({ ...v, ok: v.verified })),
      lastWholeLog,
      events: related.map(toAuditedEvent),
    };
  }
}
