import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE, APP_CONFIG, PROJECTIONS, waitForReads, type AppConfig } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { certificateStatuses, issuedCertificates } from '@portal/projection-certificates';
import type { CertificateView } from '../../contracts/index.js';
import { CertificateIssuer } from '../shared/certificate-issuer.process.js';
import { LOCK_KEYS } from '../shared/lock-messages.js';
import { verifyUrlOf } from '../shared/verify-url.js';
import { ListCertificatesQuery } from './list-certificates.query.js';
import { type CatalogueReader } from '@portal/learning/contracts';

/** Crop certificates (000 §4.3, 001 §3): issues what is due first, so a rule met a moment ago shows as issued. */
@QueryHandler(ListCertificatesQuery)
export class ListCertificatesHandler implements IQueryHandler<ListCertificatesQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
    @Inject(CertificateIssuer) private readonly issuer: CertificateIssuer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, cropId, request }: ListCertificatesQuery): Promise<CertificateView[]> {
    await waitForReads(this.projections, request, ['certificates']);
    // rules met a moment ago: issue now rather than on the next sweep
    await this.issuer.issueFor(userId);
    const [cat, statuses, issued] = await Promise.all([
      this.catalogue.model(),
      certificateStatuses(this.projections.reader('certificates'), userId),
      issuedCertificates(this.projections.reader('certificates'), userId),
    ]);
    return cat.certificates
      .filter((c) => !cropId || c.cropId === cropId)
      .map((rule) => {
        const status = statuses.find((s) => s.certificateId === rule.certificateId);
        const mine = issued.find((i) => i.certificateId === rule.certificateId) ?? null;
        const rules = (status?.rules ?? rule.stationsRules.map((r) => ({ ...r, mediaCompleted: false, questionsCompleted: false, mediaQuestionsCompleted: false, satisfied: false }))).map((r) => ({
          ...r,
          stationTitle: cat.stations.get(r.stationId)?.title ?? null,
        }));
        return {
          certificateId: rule.certificateId,
          cropId: rule.cropId,
          title: rule.title,
          status: mine ? ('issued' as const) : ('locked' as const),
          lockMessage: mine ? null : LOCK_KEYS[status?.lockReason ?? 'incompleteContent'],
          rules,
          issued: mine
            ? {
                issuedCertificateId: mine.issuedId,
                issuedAt: mine.issuedAt,
                verifyUrl: verifyUrlOf(this.config.publicUrl, mine.issuedId),
                downloadUrl: `/api/user-certificates/download/${rule.certificateId}?cropId=${encodeURIComponent(rule.cropId)}`,
              }
            : null,
        };
      });
  }
}
