import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock, type Locale } from '@portal/kernel';
import { compareCheckpoints, type AppendContext, type Checkpoint, type EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CATALOGUE, CLOCK, EVENT_STORE, MAILER, StreamWriter, type AppConfig, type CommandOutcome, type Folded } from '@portal/platform';
import type { CatalogueReader } from '@portal/learning/contracts';
import { userStream, type ImportRow, type ImportUsersResponse, type UserEvent } from '../../contracts/index.js';
import {
  decideImportRow,
  inScope,
  managerScope,
  rowErrorsOf,
  userDecider,
  type ImportRowDecision,
  type EmailClaimState,
  type ImportRowInput,
  type UserCommand,
  type UserState,
} from '../../domain/index.js';
import { claimEmail, claimOfEmail, releaseAbandonedClaim } from '../shared/email-claims.js';
import { companyNameOf, grantingActor, mailInvitation, newInvitation } from '../shared/managed-users.js';
import { SessionService } from '../shared/session-service.js';
import { parseImportCsv } from './csv-file.js';
import { loadImportReferences, missesCrop, parseImportRow, type ImportReferences } from './import-row.js';
import { ImportUsersCommand } from './import-users.command.js';

/**
 * Rows judged or written at once. Each row reads its address's claim and its user's stream, and a
 * write appends to one or two streams: the event store sends the appends in flight beyond its own
 * limit together, in one transaction (maxConcurrentAppends), so many rows at once make few commits.
 */
export const IMPORT_CONCURRENCY = 48;

/** Runs `fn` on every item, at most `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

interface RowWork {
  report: ImportRow;
  input: ImportRowInput | null;
  decision: ImportRowDecision | null;
  /** the user's stream as judged (the first write is decided on it, its revision checked by the append) */
  known: Folded<UserState> | null;
  /** the address's claim as judged (a new user's claim is decided on it) */
  claim: Folded<EmailClaimState> | null;
  invitationToken: string | null;
}

const companyInvalid = () => new AppError('company-invalid', 'The company is invalid', [{ path: 'companyId', message: 'company-invalid' }]);

/**
 * Bulk onboarding (ADR 0055): parses the file, judges every row with the upsert's commands on the
 * user its address is claimed for (domain decideImportRow), and, unless it is a dry run, writes
 * the valid rows the upsert's way: a new user's address is claimed first, then the user stream
 * starts (the claim released again if that fails); a known user's details and access change on
 * the stream as judged (a write in between makes the append decide again). Rows equal to the
 * stored user append nothing, so the same file twice changes nothing the second time.
 */
@CommandHandler(ImportUsersCommand)
export class ImportUsersHandler implements ICommandHandler<ImportUsersCommand> {
  private readonly logger = new Logger('ImportUsers');
  private readonly users: StreamWriter<UserCommand, UserEvent, UserState>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {
    this.users = new StreamWriter(store, userDecider);
  }

  async execute({ principal, options, file, context }: ImportUsersCommand): Promise<CommandOutcome<ImportUsersResponse>> {
    const actor = grantingActor(principal);
    const scope = managerScope(actor);
    if (scope.kind === 'none') throw new AppError('403');
    const companyId = options.companyId ?? principal.companyId;
    if (!companyId || !inScope(scope, companyId)) throw companyInvalid();
    await companyNameOf(this.store, companyId);
    const table = parseImportCsv(file);
    const parseAll = (refs: ImportReferences) => table.rows.map(({ cells }) => parseImportRow(cells, refs));
    let parsedRows = parseAll(await loadImportReferences(this.store, this.catalogue));
    if (parsedRows.some(missesCrop)) parsedRows = parseAll(await loadImportReferences(this.store, this.catalogue, { fresh: true }));
    const at = this.clock.now();
    const now = at.toISOString();

    // parse, and an address on an earlier row makes the later ones invalid
    const firstLine = new Map<string, number>();
    const work: RowWork[] = table.rows.map(({ line }, i) => {
      const parsed = parsedRows[i]!;
      const email = typeof parsed.values.email === 'string' ? parsed.values.email : null;
      const errors = [...parsed.errors];
      if (email !== null && !errors.some((e) => e.field === 'email')) {
        const earlier = firstLine.get(email);
        if (earlier !== undefined) errors.push({ field: 'email', code: 'duplicate-in-file', limit: earlier });
        else firstLine.set(email, line);
      }
      return {
        report: { line, email, action: 'invalid', userId: null, values: parsed.values, changes: [], errors, invited: false },
        input: errors.length === 0 ? parsed.input : null,
        decision: null,
        known: null,
        claim: null,
        invitationToken: null,
      };
    });

    const invite = !options.dryRun && options.sendInvitations;
    await eachLimit(
      work.filter((w) => w.input),
      IMPORT_CONCURRENCY,
      async (w) => {
        const claim = await claimOfEmail(this.store, w.input!.email);
        const owner = claim.state.owner;
        w.claim = claim;
        const known: Folded<UserState> = owner ? await this.users.load(userStream(owner)) : { state: userDecider.initial(), revision: null };
        const newUserId = newId();
        const invitation = invite ? newInvitation(this.config, this.clock, newUserId) : null;
        w.known = known;
        w.invitationToken = invitation?.token ?? null;
        w.decision = decideImportRow(
          { actor, companyId, newUserId, invitation: invitation && { codeHash: invitation.codeHash, expiresAt: invitation.expiresAt }, defaultCountry: principal.country, now },
          w.input!,
          known.state,
        );
        this.settle(w, w.decision);
      },
    );

    let checkpoint: Checkpoint | null = null;
    const reached = (c: Checkpoint | null | undefined) => {
      if (c && (!checkpoint || compareCheckpoints(c, checkpoint) > 0)) checkpoint = c;
    };
    if (!options.dryRun) {
      await eachLimit(
        work.filter((w) => w.decision && w.decision.commands.length > 0),
        IMPORT_CONCURRENCY,
        async (w) => {
          try {
            if (w.decision!.action === 'create') await this.create(w, at, context, reached, options.lang ?? null);
            else await this.update(w, at, context, reached);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // another writer changed the user or took the address meanwhile: judged again, refused
            this.settle(w, { action: 'invalid', userId: w.report.userId, commands: [], changes: [], errors: rowErrorsOf(error) });
          }
        },
      );
    }

    const rows = work.map((w) => w.report);
    const count = (action: ImportRow['action']) => rows.filter((r) => r.action === action).length;
    return {
      value: {
        dryRun: options.dryRun,
        companyId,
        columns: table.columns,
        totals: { rows: rows.length, create: count('create'), update: count('update'), unchanged: count('unchanged'), invalid: count('invalid'), invited: rows.filter((r) => r.invited).length },
        rows,
      },
      checkpoint,
    };
  }

  /** The row's report after a decision (a dry run's new user has no id yet). */
  private settle(w: RowWork, decision: ImportRowDecision): void {
    w.report.action = decision.action;
    w.report.changes = decision.changes;
    w.report.errors = decision.errors;
    w.report.userId = decision.action === 'create' ? null : decision.userId;
  }

  private async create(w: RowWork, at: Date, context: AppendContext, reached: (c: Checkpoint | null | undefined) => void, lang: Locale | null): Promise<void> {
    const [command] = w.decision!.commands;
    const userId = w.decision!.userId!;
    const { email } = w.input!;
    reached((await claimEmail(this.store, email, userId, at, context, w.claim ?? undefined))?.checkpoint);
    try {
      const outcome = await this.users.execute(userStream(userId), command!, context, { state: userDecider.initial(), revision: null });
      reached(outcome.result?.checkpoint);
    } catch (error) {
      await releaseAbandonedClaim(this.store, email, at, context, { reason: 'failed', owner: userId }).catch(() => undefined);
      throw error;
    }
    w.report.userId = userId;
    if (w.invitationToken && command!.type === 'PreRegisterUser') {
      const { details, access } = command!.data;
      // the user exists either way; a mail that does not go out is sent again from the user list
      w.report.invited = await mailInvitation({ store: this.store, mailer: this.mailer, config: this.config }, { email, details, access }, w.invitationToken, lang).then(
        () => true,
        (error: unknown) => {
          this.logger.warn(`invitation to a pre-registered user not sent: ${String(error)}`);
          return false;
        },
      );
    }
  }

  private async update(w: RowWork, at: Date, context: AppendContext, reached: (c: Checkpoint | null | undefined) => void): Promise<void> {
    const userId = w.decision!.userId!;
    let known: Folded<UserState> | undefined = w.known!;
    for (const command of w.decision!.commands) {
      const outcome = await this.users.execute(userStream(userId), command, context, known);
      reached(outcome.result?.checkpoint);
      known = outcome.result ? { state: outcome.state, revision: outcome.result.nextRevision } : undefined;
      // a change of access refuses the user's older access tokens, as the upsert's does
      if (command.type === 'ChangeAccess' && outcome.events.length > 0 && outcome.state.status === 'registered') this.sessions.refuseUserTokens(userId, at);
    }
  }
}
