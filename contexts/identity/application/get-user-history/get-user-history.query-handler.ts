import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Database } from '@portal/database';
import { toAuditedEvent, type EventStore, type LogAudit } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import { APP_CONFIG, DATABASE, EVENT_STORE, LOG_AUDIT, PROJECTIONS, latestWholeLogVerification, verifySealedStream, waitForReads, type AppConfig } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSessionIds } from '@portal/projection-users';
import { listUserActions } from '@portal/projection-user-actions';
import type { z } from 'zod';
import { sessionStream, USER_HISTORY_ACTIONS_PAGE, userStream, type userHistoryResponseSchema } from '../../contracts/index.js';
import { GetUserHistoryQuery } from './get-user-history.query.js';

type UserHistory = z.infer<typeof userHistoryResponseSchema>;

/**
 * The auditor's read of a user's history: every stream of the account (the account, its
 * sessions) with its hash chain checked, and the changes the user made to others (the manager
 * area's events whose `by` names them: users, companies, reference lists; ADR 0050), newest
 * first, a page at a time, each with its stream's chain checked.
 */
@QueryHandler(GetUserHistoryQuery)
export class GetUserHistoryHandler implements IQueryHandler<GetUserHistoryQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A stream as `audit verify <stream>` checks it: its chain, then its events against the checkpoints that sealed them (ADR 0083). */
  private verify(streamId: string) {
    return verifySealedStream(this.store, this.logAudit, this.config, streamId);
  }

  async execute({ userId, req, actionsBefore }: GetUserHistoryQuery): Promise<UserHistory> {
    await waitForReads(this.projections, req, ['users', 'user-actions']);
    const streams = [userStream(userId), ...(await listSessionIds(this.projections.reader('users'), userId)).map(sessionStream)];
    const result: UserHistory['streams'] = [];
    for (const streamId of streams) {
      const events = await this.store.readStream(streamId);
      if (events.length === 0) continue;
      result.push({ ...(await this.verify(streamId)), events: events.map(toAuditedEvent) });
    }
    const { actions, next } = await this.actionsOf(userId, actionsBefore);
    if (result.length === 0 && actions.length === 0) throw new AppError('user-not-found');
    return { userId, streams: result, actions, actionsBefore: next, lastWholeLog: await latestWholeLogVerification(this.database) };
  }

  private async actionsOf(userId: string, before: bigint | undefined) {
    const rows = await listUserActions(this.projections.reader('user-actions'), userId, { before, limit: USER_HISTORY_ACTIONS_PAGE + 1 });
    const page = rows.slice(0, USER_HISTORY_ACTIONS_PAGE);
    const verified = new Map<string, boolean>();
    const actions: UserHistory['actions'] = [];
    for (const row of page) {
      const [event] = await this.store.readStream(row.streamId, { fromRevision: row.revision, limit: 1 });
      if (!event) continue;
      if (!verified.has(row.streamId)) verified.set(row.streamId, (await this.verify(row.streamId)).verified);
      actions.push({ ...toAuditedEvent(event), verified: verified.get(row.streamId) ?? false });
    }
    const last = page.at(-1);
    return { actions, next: rows.length > page.length && last ? last.position.toString() : null };
  }
}
