import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import { EVENT_IMPORT_COLUMNS, type EventImportRow, type ImportEventsResponse, type EventImportField, type ScheduledEventEvent } from '../../contracts/index.js';
import { earlierLines, eventInstants, importKeyOf, initialScheduledEventState, parseEventRow, type ScheduledEventCommand } from '../../domain/index.js';
import { EventNotices } from '../shared/event-notices.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { eachLimit, parseImportFile, ReachedCheckpoint, refusalOf } from '../shared/import-file.js';
import { eventIdOfKey } from '../shared/import-keys.js';
import { ImportEventsCommand } from './import-events.command.js';

/** Rows judged or written at once (each row is its own event's stream). */
const IMPORT_CONCURRENCY = 8;

/**
 * The events import (ADR 0062): each row names its event by external key (the event's id is the
 * key's uuid v5), its cells over the stored definition; the row is one command of the
 * scheduled-event decider, `ImportScheduledEvent` (create or update, then publish), decided once
 * (ADR 0087): by the dry run on the event's stream as stored, writing nothing, or by the import as
 * it appends (on the stream as it is then: a write in between is counted), all of the row's
 * events at once. A row equal to the stored event appends nothing, so the same file twice changes
 * nothing the second time. Attendees of a published event hear of a change.
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
    const command: ScheduledEventCommand = {
      type: 'ImportScheduledEvent',
      data: { eventId, definition: parsed.definition, ...eventInstants(parsed.definition), publish: parsed.publish, now: this.clock.now().toISOString(), by: context.actor },
    };
    let before = state;
    let events: ScheduledEventEvent[];
    try {
      if (dryRun) events = this.writer.judge(state, command).events;
      else {
        const outcome = await this.writer.execute(eventId, command, context);
        reached.reach(outcome.result?.checkpoint);
        this.notices.after(outcome);
        ({ before, events } = outcome);
      }
    } catch (error) {
      // the decider's refusals are the row's errors (a write in between may have made the row refusable)
      const publishStep = error instanceof AppError && error.details?.[0]?.path === 'publish';
      return { ...report, errors: [refusalOf(error, publishStep ? 'publish' : 'row')] };
    }
    const updated = events.find((e) => e.type === 'ScheduledEventUpdated');
    const action = before.status === 'none' ? 'create' : events.length > 0 ? 'update' : 'unchanged';
    return { ...report, action, eventId, changes: updated ? updated.data.changed : [], publishes: events.some((e) => e.type === 'ScheduledEventPublished') };
  }
}
