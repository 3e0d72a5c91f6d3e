import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore, RecordedEvent } from '@portal/eventstore';
import { AppError } from '@portal/kernel';
import { EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSessionIds } from '@portal/projection-users';
import type { z } from 'zod';
import { sessionStream, userStream, type userHistoryResponseSchema } from '../../contracts/index.js';
import { GetUserHistoryQuery } from './get-user-history.query.js';

const SECRET_FIELDS = new Set(['passwordHash', 'codeHash', 'recoverCodeHash', 'refreshHash']);
const redact = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '[redacted]' : v]));
const entry = (e: RecordedEvent) => ({
  revision: e.revision.toString(),
  type: e.type,
  recordedAt: e.recordedAt.toISOString(),
  data: redact(e.data),
  metadata: e.metadata,
  hash: e.hash,
});

/** The auditor's read of a user's account history: every stream (the account, its sessions) with its hash chain checked. */
@QueryHandler(GetUserHistoryQuery)
export class GetUserHistoryHandler implements IQueryHandler<GetUserHistoryQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ userId }: GetUserHistoryQuery): Promise<z.infer<typeof userHistoryResponseSchema>> {
    const streams = [userStream(userId), ...(await listSessionIds(this.projections.reader('users'), userId)).map(sessionStream)];
    const result = [];
    for (const streamId of streams) {
      const events = await this.store.readStream(streamId);
      if (events.length === 0) continue;
      const verify = await this.store.verifyStream(streamId);
      result.push({ streamId, verified: verify.ok, brokenAt: verify.brokenAt?.toString() ?? null, events: events.map(entry) });
    }
    if (result.length === 0) throw new AppError('user-not-found');
    return { userId, streams: result };
  }
}
