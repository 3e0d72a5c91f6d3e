import { capacityWriter, type DecisionOutcome, type StreamWriter } from '@portal/platform';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { scheduledEventStream, type ScheduledEventEvent } from '../../contracts/index.js';
import { scheduledEventDecider, type ScheduledEventCommand, type ScheduledEventState } from '../../domain/index.js';

/**
 * Every write to a scheduled event's stream goes through this one writer (ADR 0060): booking's
 * seat guarantee (libs/platform capacityWriter, ADR 0010), so vacancies hold under any
 * concurrency, and this process's writers of one event queue and start from the state it
 * appended last (check-ins at the door cost one append each).
 */
export class ScheduledEventWriter {
  private readonly writer: StreamWriter<ScheduledEventCommand, ScheduledEventEvent, ScheduledEventState>;

  constructor(store: EventStore, options: { serialize?: boolean } = {}) {
    this.writer = capacityWriter(store, scheduledEventDecider, { serialize: options.serialize });
  }

  execute(
    eventId: string,
    command: ScheduledEventCommand | ((state: ScheduledEventState) => ScheduledEventCommand | Promise<ScheduledEventCommand>),
    context: AppendContext,
  ): Promise<DecisionOutcome<ScheduledEventEvent, ScheduledEventState>> {
    return this.writer.execute(scheduledEventStream(eventId), command, context);
  }

  /**
   * What `command` decides on `state` (the stream as just loaded), appending nothing: the imports'
   * dry runs (ADR 0087). The writes decide their command once, through `execute`.
   */
  judge(state: ScheduledEventState, command: ScheduledEventCommand): { events: ScheduledEventEvent[]; state: ScheduledEventState } {
    const events = scheduledEventDecider.decide(command, state);
    return { events, state: events.reduce(scheduledEventDecider.evolve, state) };
  }

  /** The event's folded state (the cached fold plus the stream's tail). */
  async load(eventId: string): Promise<ScheduledEventState | null> {
    const { state, exists } = await this.writer.load(scheduledEventStream(eventId));
    return exists ? state : null;
  }
}
