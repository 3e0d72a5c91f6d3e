import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { activeHolds } from '@portal/projection-privacy-requests';
import type { z } from 'zod';
import type { legalHoldsSchema } from '../../../contracts/index.js';
import { PRIVACY_READ_MODEL, privacyReader } from '../privacy-record.js';
import { ListLegalHoldsQuery } from './list-legal-holds.query.js';
import { requireSubjectInScope } from './subject-in-scope.js';

/** The holds in force on a user in the caller's scope. */
@QueryHandler(ListLegalHoldsQuery)
export class ListLegalHoldsHandler implements IQueryHandler<ListLegalHoldsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal, userId, req }: ListLegalHoldsQuery): Promise<z.infer<typeof legalHoldsSchema>> {
    await waitForReads(this.projections, req, [PRIVACY_READ_MODEL, 'users']);
    await requireSubjectInScope(this.projections, principal, userId);
    const rows = await activeHolds(privacyReader(this.projections), [userId]);
    return { items: rows.map((h) => ({ holdId: h.hold_id, userId: h.user_id, reason: h.reason, by: h.placed_by, placedAt: h.placed_at })) };
  }
}
