import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listPrivacyRequests } from '@portal/projection-privacy-requests';
import type { z } from 'zod';
import type { auditedPrivacyPageSchema } from '../../../contracts/index.js';
import { PRIVACY_READ_MODEL, privacyReader, requestFieldsOf } from '../privacy-record.js';
import { AuditedRequestsQuery } from './audited-requests.query.js';

/**
 * Every request (newest 500), read from the privacy-requests model alone: subject and requester
 * by id (pseudonymous), the dates, the status and the proof (an export's ZIP sha256, an erasure's
 * SubjectErased id and position). No name, e-mail or other field of the subject is read, so an
 * erased subject's data cannot show here.
 */
@QueryHandler(AuditedRequestsQuery)
export class AuditedRequestsHandler implements IQueryHandler<AuditedRequestsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ req }: AuditedRequestsQuery): Promise<z.infer<typeof auditedPrivacyPageSchema>> {
    await waitForReads(this.projections, req, [PRIVACY_READ_MODEL]);
    const rows = await listPrivacyRequests(privacyReader(this.projections), { companyId: null, limit: 500 });
    return {
      items: rows.map((r) => ({
        ...requestFieldsOf(r),
        requestedBy: r.requested_by,
        proof: r.proof,
        erased: r.kind === 'deletion' && r.status === 'honoured',
      })),
    };
  }
}
