import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid } from '@portal/kernel';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findIssuedCertificate } from '@portal/projection-certificates';
import { loadCatalogue, type AssessmentCatalogue } from '@portal/projection-questions';
import { findUserById } from '@portal/projection-users';
import type { CertificateView } from '../../contracts/index.js';
import { VerifyCertificateQuery } from './verify-certificate.query.js';

/** Confirms a real certificate (holder, crop, date) or denies it, without sign-in. */
@QueryHandler(VerifyCertificateQuery)
export class VerifyCertificateHandler implements IQueryHandler<VerifyCertificateQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ code }: VerifyCertificateQuery) {
    const found = isUuid(code) ? await findIssuedCertificate(this.projections.reader('certificates'), code.toLowerCase()) : null;
    if (!found) return { valid: false as const, certificateId: code };
    const cat: AssessmentCatalogue = await loadCatalogue(this.projections.reader('questions'));
    const profile = await findUserById(this.projections.reader('users'), found.actor).catch(() => undefined);
    return {
      valid: true as const,
      certificateId: found.issuedId,
      holderName: profile?.name ?? found.holderName,
      cropId: found.cropId,
      title: found.title as CertificateView['title'],
      cropTitle: cat.stations.get(found.cropId)?.title ?? null,
      issuedAt: found.issuedAt,
    };
  }
}
