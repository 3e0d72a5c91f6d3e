import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Clock, Locale } from '@portal/kernel';
import { CLOCK, USER_ACCOUNTS, type CommandOutcome } from '@portal/platform';
import type { UserAccount, UserAccounts } from '@portal/identity/contracts';
import { ATTENDEE_IMPORT_COLUMNS, type AttendeeImportField, type AttendeeImportRow, type ImportAttendeesResponse } from '../../contracts/index.js';
import { earlierLines, importLocale, type ScheduledEventCommand, type ScheduledEventState } from '../../domain/index.js';
import { EventNotices } from '../shared/event-notices.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { eachLimit, parseImportFile, ReachedCheckpoint, refusalOf } from '../shared/import-file.js';
import { eventIdOfKey } from '../shared/import-keys.js';
import { ImportAttendeesCommand } from './import-attendees.command.js';

/** Events written at once; the rows of one event are enrolled one after the other, in the file's order. */
const EVENT_CONCURRENCY = 4;
const LOOKUP_CONCURRENCY = 16;
const emailSchema = z.string().email().max(254);
const uuidSchema = z.string().uuid();

interface Work {
  report: AttendeeImportRow;
  cells: Partial<Record<AttendeeImportField, string>>;
  enrol: { userId: string; email: string; lang: Locale } | null;
}

/**
 * Users into events (001 §2 /scheduled-events/import-users, ADR 0062): each row names an event
 * (its external key or id, or the query's event) and a person by e-mail (an account or a
 * pre-registration, identity's `UserAccounts`); tc_admin enrols them as the enrol call would,
 * without the learner's visibility rule: a seat while vacancies last, else the waiting list, in
 * the file's order. Each row is decided once (ADR 0087): the dry run decides every row on the
 * event's stream as stored, row after row, and writes nothing (`ScheduledEventWriter.judge`); the
 * import decides each as it appends (booking's seat guarantee, the capacity writer), so an
 * enrolment between a dry run and the import is counted. Someone already on the list is
 * unchanged: the same file twice changes nothing the second time.
 */
@CommandHandler(ImportAttendeesCommand)
export class ImportAttendeesHandler implements ICommandHandler<ImportAttendeesCommand> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(USER_ACCOUNTS) private readonly accounts: UserAccounts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ upload, query, context }: ImportAttendeesCommand): Promise<CommandOutcome<ImportAttendeesResponse>> {
    const table = await parseImportFile(upload, ATTENDEE_IMPORT_COLUMNS, query.eventId ? ['email'] : ['event', 'email']);
    const events = new Map<string, Promise<ScheduledEventState | null>>();
    const people = new Map<string, Promise<UserAccount | null>>();
    const eventOf = (id: string) => events.get(id) ?? events.set(id, this.writer.load(id)).get(id)!;
    const personOf = (email: string) => people.get(email) ?? people.set(email, this.accounts.byEmail(email)).get(email)!;

    const work: Work[] = table.rows.map(({ line, cells }) => ({
      report: { line, event: cells.event ?? query.eventId ?? null, eventId: null, eventTitle: null, email: cells.email?.toLowerCase() ?? null, userId: null, action: 'invalid', position: null, errors: [] },
      cells,
      enrol: null,
    }));
    await eachLimit(work, LOOKUP_CONCURRENCY, (w) => this.resolve(w, w.cells, query.lang ?? null, eventOf, personOf));
    const duplicates = earlierLines(
      work,
      (w) => (w.report.eventId && w.report.userId ? `${w.report.eventId}|${w.report.userId}` : null),
      (w) => w.report.line,
    );
    for (const [w, line] of duplicates) {
      w.report.errors.push({ field: 'email', code: 'duplicate-in-file', limit: line });
      w.enrol = null;
    }

    const byEvent = new Map<string, Work[]>();
    for (const w of work) if (w.enrol && w.report.eventId) byEvent.set(w.report.eventId, [...(byEvent.get(w.report.eventId) ?? []), w]);
    const reached = new ReachedCheckpoint();
    await eachLimit([...byEvent], EVENT_CONCURRENCY, async ([eventId, rows]) => {
      let state = (await eventOf(eventId))!;
      for (const w of rows) {
        const command = (now: string): ScheduledEventCommand => ({ type: 'Enrol', data: { attendee: w.enrol!, audience: null, now, by: context.actor } });
        try {
          if (query.dryRun) {
            // the row's one decision, on the state the rows before it left; nothing is appended
            const judged = this.writer.judge(state, command(this.clock.now().toISOString()));
            state = judged.state;
            this.judged(w, judged.events.length > 0, state);
          } else {
            const outcome = await this.writer.execute(eventId, () => command(this.clock.now().toISOString()), context);
            reached.reach(outcome.result?.checkpoint);
            this.notices.after(outcome);
            this.judged(w, outcome.events.length > 0, outcome.state);
          }
        } catch (error) {
          w.report.errors.push(refusalOf(error, 'event'));
        }
      }
    });
    const rows = work.map((w) => (w.report.errors.length > 0 ? { ...w.report, action: 'invalid' as const, position: null } : w.report));
    const count = (action: AttendeeImportRow['action']) => rows.filter((r) => r.action === action).length;
    return {
      value: {
        dryRun: query.dryRun,
        format: table.format,
        columns: table.columns,
        totals: { rows: rows.length, enrol: count('enrol'), waitlist: count('waitlist'), unchanged: count('unchanged'), invalid: count('invalid') },
        rows,
      },
      checkpoint: reached.value,
    };
  }

  /** What the decision did to the row's person: a seat, a place in line, or nothing (already on the list). */
  private judged(w: Work, changed: boolean, state: ScheduledEventState): void {
    const a = state.attendees.get(w.enrol!.userId);
    if (!changed) w.report.action = 'unchanged';
    else if (a?.status === 'waitlisted') {
      w.report.action = 'waitlist';
      w.report.position = state.waitlist.indexOf(a.userId) + 1;
    } else w.report.action = 'enrol';
  }

  /** The row's event and person, or its errors. */
  private async resolve(
    w: Work,
    cells: Partial<Record<AttendeeImportField, string>>,
    defaultLang: Locale | null,
    eventOf: (id: string) => Promise<ScheduledEventState | null>,
    personOf: (email: string) => Promise<UserAccount | null>,
  ): Promise<void> {
    const { report } = w;
    const errors = report.errors;
    let event: ScheduledEventState | null = null;
    if (!report.event) errors.push({ field: 'event', code: 'required' });
    else {
      // an event's id, else an external key
      if (uuidSchema.safeParse(report.event).success) event = await eventOf(report.event.toLowerCase());
      event ??= await eventOf(eventIdOfKey(report.event));
      if (!event) errors.push({ field: 'event', code: 'event-unknown', value: report.event });
      else {
        report.eventId = event.eventId;
        report.eventTitle = event.definition?.title ?? null;
      }
    }
    let person: UserAccount | null = null;
    if (!report.email) errors.push({ field: 'email', code: 'required' });
    else if (!emailSchema.safeParse(report.email).success) errors.push({ field: 'email', code: 'email' });
    else {
      person = await personOf(report.email);
      if (!person) errors.push({ field: 'email', code: 'attendee-email-unknown', value: report.email });
      else report.userId = person.userId;
    }
    const lang = cells.lang ? importLocale(cells.lang) : null;
    if (cells.lang && !lang) errors.push({ field: 'lang', code: 'invalid-value', value: cells.lang });
    if (errors.length === 0 && person && event) w.enrol = { userId: person.userId, email: report.email!, lang: lang ?? defaultLang ?? person.lang ?? 'pt-BR' };
  }
}
