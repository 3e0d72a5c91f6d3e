import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Kysely } from 'kysely';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { activeHolds, countNearDeadline, listPrivacyRequests } from '@portal/projection-privacy-requests';
import { findUserById, type UsersDB } from '@portal/projection-users';
import { instantPlusDays, isNearDeadline, NEAR_DEADLINE_DAYS, type ManagedPrivacyPage } from '../../../contracts/index.js';
import { PRIVACY_READ_MODEL, privacyReader, privacyScope, requestFieldsOf } from '../privacy-record.js';
import { ManagedRequestsQuery } from './managed-requests.query.js';

const LIMIT = 200;

/**
 * A company_admin sees the requests of their company's users, manage_all_companies every
 * company's; anyone else 403. Newest first; `nearDeadline` keeps the open ones due within
 * NEAR_DEADLINE_DAYS (the dashboard's list), and the count of those is always answered.
 */
@QueryHandler(ManagedRequestsQuery)
export class ManagedRequestsHandler implements IQueryHandler<ManagedRequestsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, filter, req }: ManagedRequestsQuery): Promise<ManagedPrivacyPage> {
    const scope = privacyScope(principal);
    if (scope.kind === 'none') throw new AppError('403');
    await waitForReads(this.projections, req, [PRIVACY_READ_MODEL, 'users']);
    const companyId = scope.kind === 'company' ? scope.companyId : null;
    const now = this.clock.now().toISOString();
    const soon = instantPlusDays(now, NEAR_DEADLINE_DAYS);
    const reader = privacyReader(this.projections);
    const rows = await listPrivacyRequests(reader, { companyId, status: filter.status, dueBefore: filter.nearDeadline ? soon : undefined, limit: LIMIT });
    const users = this.projections.reader('users') as Kysely<UsersDB>;
    const ids = [...new Set(rows.map((r) => r.user_id))];
    const people = new Map(await Promise.all(ids.map(async (id) => [id, await findUserById(users, id)] as const)));
    const held = new Set((await activeHolds(reader, ids)).map((h) => h.user_id));
    const items = rows.map((r) => {
      const fields = requestFieldsOf(r);
      const person = people.get(r.user_id);
      return {
        ...fields,
        email: person?.email ?? null,
        name: person?.name ?? null,
        companyId: r.company_id,
        nearDeadline: isNearDeadline(fields, now),
        held: held.has(r.user_id),
      };
    });
    return { items, nearDeadline: await countNearDeadline(reader, companyId, soon) };
  }
}
