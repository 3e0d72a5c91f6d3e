import { Injectable } from '@nestjs/common';
import type { ScheduledEventEvent } from '../../contracts/index.js';
import type { ScheduledEventState } from '../../domain/index.js';

/** Tells attendees what a decision on their event means for them (mails, ADR 0060). */
@Injectable()
export class EventNotices {
  after(_before: ScheduledEventState, _events: ScheduledEventEvent[], _after: ScheduledEventState): void {}
}
