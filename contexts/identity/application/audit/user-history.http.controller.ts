import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@portal/eventstore';
import { AppError, isUuid } from '@portal/kernel';
import { Authorized, EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSessionIds } from '@portal/projection-users';
import { sessionStream, userStream } from '../../contracts/index.js';

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

/** The auditor's read of a user's account history: every stream with its hash chain checked. */
@Controller('audit/users')
export class UserHistoryController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  @Get(':userId/history')
  @Authorized({ roles: ['auditor'] })
  async history(@Param('userId') userId: string) {
    if (!isUuid(userId)) throw new AppError('app/bed-request', 'Invalid user id', [{ path: 'userId', message: 'uuidNotEmpty' }]);
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
