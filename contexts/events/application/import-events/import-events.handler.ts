import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import { EVENT_IMPORT_COLUMNS, type EventImportRow, type ImportEventsResponse, type EventImportField, type ScheduledEventBody } from '../../contracts/index.js';
import {
  changedFields,
  decideScheduledEvent,
  earlierLines,
  evolveScheduledEvent,
  eventInstants,
  importKeyOf,
  initialScheduledEventState,
  parseEventRow,
  type ScheduledEventCommand,
  type ScheduledEventState,
} from '../../domain/index.js';
import { EventNotices } from '../shared/event-notices.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { eachLimit, parseImportFile, ReachedCheckpoint, refusalOf } from '../shared/import-file.js';
import { eventIdOfKey } from '../shared/import-keys.js';
import { ImportEventsCommand } from './import-events.command.js';

/** Rows judged or written at once (each row is its own event's stream). */
const IMPORT_CONCURRENCY = 8;

type Step = (now: string, by: string) => ScheduledEventCommand;

/** What a valid row does to its event, in order: create or update, then publish. */
function stepsOf(state: ScheduledEventState, eventId: string, definition: ScheduledEventBody, publish: boolean): { steps: Step[]; changes: EventImportField[]; publishes: boolean } {
  const steps: Step[] = [];
  let changes: EventImportField[] = [];
  if (state.status === 'none') steps.push((now, by) => ({ type: 'CreateScheduledEvent', data: { eventId, definition, ...eventInstants(definition), now, by } }));
  else {
    changes = changedFields(state.definition!, definition);
    if (changes.length > 0) steps.push((now, by) => ({ type: 'UpdateScheduledEvent', data: { definition, ...eventInstants(definition), now, by } }));
  }
  const publishes = publish && (state.status === 'none' || state.status === 'draft');
  if (publishes) steps.push((now, by) => ({ type: 'PublishScheduledEvent', data: { now, by } }));
  return { steps, changes, publishes };
}

/**
 * The events import (ADR 0062): each row names its event by external key (the event's id is the
 * key's uuid v5), its cells over the stored definition; the scheduled-event decider judges every
 * step (create or update, then publish) on the event's stream as stored, so the dry run shows
 * exactly what the import will refuse, and writes nothing. The import decides the same steps on
 * the stream again as it writes; a row equal to the stored event appends nothing, so the same
 * file twice changes nothing the second time. Attendees of a published event hear of a change.
 */
@CommandHandler(ImportEventsCommand)
export class ImportEventsHandler implements ICommandHandler<ImportEventsCommand> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ upload, dryRun, context }: ImportEventsCommand): Promise<CommandOutcome<ImportEventsResponse>> {
    const table = await parseImportFile(upload, EVENT_IMPORT_COLUMNS, ['externalKey']);
    const duplicates = earlierLines(table.rows, (r) => (r.cells.externalKey ? importKeyOf(r.cells.externalKey) : null), (r) => r.line);
    const reached = new ReachedCheckpoint();
    const rows: EventImportRow[] = new Array(table.rows.length);
    await eachLimit(
      table.rows.map((row, index) => ({ row, index })),
      IMPORT_CONCURRENCY,
      async ({ row, index }) => {
        rows[index] = await this.row(row, duplicates.get(row), dryRun, context, reached);
      },
    );
    const count = (action: EventImportRow['action']) => rows.filter((r) => r.action === action).length;
    return {
      value: {
        dryRun,
        format: table.format,
        columns: table.columns,
        totals: { rows: rows.length, create: count('create'), update: count('update'), unchanged: count('unchanged'), invalid: count('invalid'), published: rows.filter((r) => r.publishes && r.action !== 'invalid').length },
        rows,
      },
      checkpoint: reached.value,
    };
  }

  private async row(
    { line, cells }: { line: number; cells: Partial<Record<EventImportField, string>> },
    duplicateOf: number | undefined,
    dryRun: boolean,
    context: ImportEventsCommand['context'],
    reached: ReachedCheckpoint,
  ): Promise<EventImportRow> {
    const key = cells.externalKey?.trim() || null;
    const eventId = key ? eventIdOfKey(key) : null;
    const state = (eventId && (await this.writer.load(eventId))) || initialScheduledEventState();
    const parsed = parseEventRow(cells, state.definition);
    const report: EventImportRow = { line, externalKey: parsed.externalKey, action: 'invalid', eventId: null, values: parsed.values, changes: [], publishes: false, errors: parsed.errors };
    if (duplicateOf !== undefined) report.errors = [{ field: 'externalKey', code: 'duplicate-in-file', limit: duplicateOf }, ...report.errors];
    if (report.errors.length > 0 || !parsed.definition || !eventId) return report;
    const { steps, changes, publishes } = stepsOf(state, eventId, parsed.definition, parsed.publish);
    const now = this.clock.now().toISOString();
    // judged on the stream as stored: the decider's refusals are the row's errors
    let judged = state;
    for (const step of steps) {
      const command = step(now, context.actor);
      try {
        judged = decideScheduledEvent(command, judged).reduce(evolveScheduledEvent, judged);
      } catch (error) {
        return { ...report, errors: [refusalOf(error, command.type === 'PublishScheduledEvent' ? 'publish' : 'row')] };
      }
    }
    const action = state.status === 'none' ? 'create' : steps.length > 0 ? 'update' : 'unchanged';
    const done: EventImportRow = { ...report, action, eventId, changes, publishes };
    if (dryRun) return done;
    for (const step of steps) {
      try {
        const outcome = await this.writer.execute(eventId, step(this.clock.now().toISOString(), context.actor), context);
        reached.reach(outcome.result?.checkpoint);
        this.notices.after(outcome);
      } catch (error) {
        // a write in between (another import, tc_admin in the form) made the step refusable
        return { ...done, action: 'invalid', errors: [refusalOf(error, step === steps[0] ? 'row' : 'publish')] };
      }
    }
    return done;
  }
}
