import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { displayNameOf } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listExperts } from '@portal/projection-expert-questions';
import { findUserById } from '@portal/projection-users';
import type { ExpertAssignment } from '../../contracts/index.js';
import { ListExpertsQuery } from './list-experts.query.js';

/** The experts (of one theme, or all) with their themes, named from identity's `users` read model. */
@QueryHandler(ListExpertsQuery)
export class ListExpertsHandler implements IQueryHandler<ListExpertsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ themeId, req }: ListExpertsQuery): Promise<{ experts: ExpertAssignment[] }> {
    await waitForReads(this.projections, req, ['expert-questions', 'users']);
    const rows = await listExperts(this.projections.reader('expert-questions'), themeId);
    const users = this.projections.reader('users');
    const experts = await Promise.all(
      rows.map(async (r) => {
        const user = await findUserById(users, r.userId);
        return { userId: r.userId, name: user ? displayNameOf(user.name, user.email) : null, email: user?.email ?? null, themeIds: r.themeIds, assignedAt: r.assignedAt, assignedBy: r.assignedBy };
      }),
    );
    return { experts };
  }
}
