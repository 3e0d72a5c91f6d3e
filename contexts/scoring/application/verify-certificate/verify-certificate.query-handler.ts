import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid } from '@portal/kernel';
import { CATALOGUE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findIssuedCertificate } from '@portal/projection-certificates';
import { findUserById } from '@portal/projection-users';
import type { CertificateView } from '../../contracts/index.js';
import { VerifyCertificateQuery } from './verify-certificate.query.js';
import { type CatalogueModel, type CatalogueReader } from '@portal/learning/contracts';

/** Confirms a real certificate (holder, crop, date) or denies it, without sign-in. */
@QueryHandler(VerifyCertificateQuery)
export class VerifyCertificateHandler implements IQueryHandler<VerifyCertificateQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,) {}

  async execute({ code }: VerifyCertificateQuery) {
    const found = isUuid(code) ? await findIssuedCertificate(this.projections.reader('certificates'), code.toLowerCase()) : null;
    if (!found) return { valid: false as const, certificateId: code };
    const cat: CatalogueModel = await this.catalogue.model();
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
