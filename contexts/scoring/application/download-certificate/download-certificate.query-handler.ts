import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DEFAULT_LOCALE, isLocale, isUuid, type Locale } from '@portal/kernel';
import { CATALOGUE, APP_CONFIG, PROJECTIONS, waitForReads, type AppConfig } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { certificateStatuses, findIssuedCertificate, issuedCertificates, type IssuedCertificateRow } from '@portal/projection-certificates';
import { findUserById } from '@portal/projection-users';
import { CertificateIssuer } from '../shared/certificate-issuer.process.js';
import { certificateError } from '../shared/errors.js';
import { LOCK_KEYS } from '../shared/lock-messages.js';
import { verifyUrlOf } from '../shared/verify-url.js';
import { QrCodeError, renderCertificatePdf } from './certificate-pdf.js';
import { DownloadCertificateQuery } from './download-certificate.query.js';
import { type CatalogueReader } from '@portal/learning/contracts';

const pick = (text: Record<string, string> | undefined | null, lang: Locale) => (text ? (text[lang] ?? text[DEFAULT_LOCALE] ?? Object.values(text)[0] ?? '') : '');

/**
 * 000 §7 GET /user-certificates/download/{certificateId}?cropId: the crop certificate (or an issued
 * id) as a PDF in the learner's language. Any failure carries params.messageKey = certificates.retrievalError.
 */
@QueryHandler(DownloadCertificateQuery)
export class DownloadCertificateHandler implements IQueryHandler<DownloadCertificateQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
    @Inject(CertificateIssuer) private readonly issuer: CertificateIssuer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, certificateId, cropId, lang: requested, request }: DownloadCertificateQuery) {
    await waitForReads(this.projections, request, ['certificates']);
    const cat = await this.catalogue.model();
    let issued: IssuedCertificateRow | null = null;
    if (isUuid(certificateId)) {
      const found = await findIssuedCertificate(this.projections.reader('certificates'), certificateId);
      issued = found && found.actor === user.userId ? found : null;
      if (!issued) throw certificateError('404', 'Certificate not found');
    } else {
      const rule = cat.certificates.find((c) => c.certificateId === certificateId);
      if (!rule) throw certificateError('404', 'Certificate not found');
      await this.issuer.issueFor(user.userId);
      issued = (await issuedCertificates(this.projections.reader('certificates'), user.userId)).find((i) => i.certificateId === certificateId) ?? null;
      if (!issued) {
        const status = (await certificateStatuses(this.projections.reader('certificates'), user.userId)).find((s) => s.certificateId === certificateId);
        throw certificateError('403', 'The certificate stays locked until the material is completed', { lockMessage: LOCK_KEYS[status?.lockReason ?? 'incompleteContent'] });
      }
    }
    if (cropId && cropId !== issued.cropId) throw certificateError('404', 'This certificate is not of that crop');
    const profile = await findUserById(this.projections.reader('users'), user.userId).catch(() => undefined);
    const lang: Locale = requested ?? (profile?.lang && isLocale(profile.lang) ? profile.lang : isLocale(issued.lang) ? issued.lang : DEFAULT_LOCALE);
    let pdf: Uint8Array;
    try {
      pdf = await renderCertificatePdf({
        lang,
        holderName: profile?.name ?? issued.holderName ?? user.email,
        title: pick(issued.title, lang),
        cropTitle: pick(cat.stations.get(issued.cropId)?.title, lang) || issued.cropId,
        issuedAt: issued.issuedAt,
        certificateId: issued.issuedId,
        verifyUrl: verifyUrlOf(this.config.publicUrl, issued.issuedId),
        productName: this.config.productName,
      });
    } catch (error) {
      if (error instanceof QrCodeError) throw certificateError('500', 'The QR code could not be generated, contact support', { qrMessageKey: 'certificates.qrCodeError' });
      throw certificateError('500', 'The certificate could not be generated');
    }
    return { pdf, filename: `certificate-${issued.cropId}.pdf` };
  }
}
