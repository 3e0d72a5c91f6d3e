import { Controller, Get, Inject, Res } from '@nestjs/common';
import { DEFAULT_LOCALE, isLocale, isUuid, type Locale } from '@portal/kernel';
import { APP_CONFIG, Authorized, CATALOGUE, CurrentRequest, PROJECTIONS, Public, requireUser, ZodParams, ZodQuery, type AppConfig, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { certificateStatuses, findIssuedCertificate, issuedCertificates, type IssuedCertificateRow } from '@portal/projection-certificates';
import type { CatalogueReader } from '@portal/learning/contracts';
import { findUserById } from '@portal/projection-users';
import type { z } from 'zod';
import {
  certificateDownloadParamsSchema,
  certificateDownloadQuerySchema,
  certificatesQuerySchema,
  certificateVerifyParamsSchema,
  certificateVerifyPath,
  type CertificateView,
} from '../../contracts/index.js';
import { certificateError } from '../shared/errors.js';
import { waitForReads } from '../shared/reads.js';
import { CertificateIssuer } from './certificate-issuer.process.js';
import { QrCodeError, renderCertificatePdf } from './certificate-pdf.js';

interface PdfReply {
  header(name: string, value: string): PdfReply;
  send(payload: unknown): unknown;
}

const LOCK_KEYS = { incompleteContent: 'lockState.incompleteContentMessage', incompleteQuestions: 'lockState.incompleteQuestionsMessage' } as const;
const pick = (text: Record<string, string> | undefined | null, lang: Locale) => (text ? (text[lang] ?? text[DEFAULT_LOCALE] ?? Object.values(text)[0] ?? '') : '');

/**
 * Crop certificates (000 §4.3, 001 §3, §7): the learner's list (locked with the lock message, or
 * issued), the PDF download in the learner's language, and the public verification the QR code
 * points at. Any retrieval failure carries params.messageKey = certificates.retrievalError.
 */
@Controller()
export class CertificatesController {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CertificateIssuer) private readonly issuer: CertificateIssuer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  private verifyUrl(issuedId: string) {
    return `${this.config.publicUrl.replace(/\/$/, '')}${certificateVerifyPath(issuedId)}`;
  }

  @Get('user-certificates')
  @Authorized()
  async list(@ZodQuery(certificatesQuerySchema) q: z.infer<typeof certificatesQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<CertificateView[]> {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['certificates']);
    // rules met a moment ago: issue now rather than on the next sweep
    await this.issuer.issueFor(user.userId);
    const [cat, statuses, issued] = await Promise.all([
      this.catalogue.model(),
      certificateStatuses(this.projections.reader('certificates'), user.userId),
      issuedCertificates(this.projections.reader('certificates'), user.userId),
    ]);
    return cat.certificates
      .filter((c) => !q.cropId || c.cropId === q.cropId)
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
                verifyUrl: this.verifyUrl(mine.issuedId),
                downloadUrl: `/api/user-certificates/download/${rule.certificateId}?cropId=${encodeURIComponent(rule.cropId)}`,
              }
            : null,
        };
      });
  }

  /** 000 §7 GET /user-certificates/download/{certificateId}?cropId: the crop certificate (or an issued id) as a PDF. */
  @Get('user-certificates/download/:certificateId')
  @Authorized()
  async download(
    @ZodParams(certificateDownloadParamsSchema) p: z.infer<typeof certificateDownloadParamsSchema>,
    @ZodQuery(certificateDownloadQuerySchema) q: z.infer<typeof certificateDownloadQuerySchema>,
    @CurrentRequest() req: PortalRequest,
    @Res() reply: PdfReply,
  ): Promise<void> {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['certificates']);
    const cat = await this.catalogue.model();
    let issued: IssuedCertificateRow | null = null;
    if (isUuid(p.certificateId)) {
      const found = await findIssuedCertificate(this.projections.reader('certificates'), p.certificateId);
      issued = found && found.actor === user.userId ? found : null;
      if (!issued) throw certificateError('404', 'Certificate not found');
    } else {
      const rule = cat.certificates.find((c) => c.certificateId === p.certificateId);
      if (!rule) throw certificateError('404', 'Certificate not found');
      await this.issuer.issueFor(user.userId);
      issued = (await issuedCertificates(this.projections.reader('certificates'), user.userId)).find((i) => i.certificateId === p.certificateId) ?? null;
      if (!issued) {
        const status = (await certificateStatuses(this.projections.reader('certificates'), user.userId)).find((s) => s.certificateId === p.certificateId);
        throw certificateError('403', 'The certificate stays locked until the material is completed', { lockMessage: LOCK_KEYS[status?.lockReason ?? 'incompleteContent'] });
      }
    }
    if (q.cropId && q.cropId !== issued.cropId) throw certificateError('404', 'This certificate is not of that crop');
    const profile = await findUserById(this.projections.reader('users'), user.userId).catch(() => undefined);
    const lang: Locale = q.lang ?? (profile?.lang && isLocale(profile.lang) ? profile.lang : isLocale(issued.lang) ? issued.lang : DEFAULT_LOCALE);
    let pdf: Uint8Array;
    try {
      pdf = await renderCertificatePdf({
        lang,
        productName: this.config.productName,
        holderName: profile?.name ?? issued.holderName ?? user.email,
        title: pick(issued.title, lang),
        cropTitle: pick(cat.stations.get(issued.cropId)?.title, lang) || issued.cropId,
        issuedAt: issued.issuedAt,
        certificateId: issued.issuedId,
        verifyUrl: this.verifyUrl(issued.issuedId),
      });
    } catch (error) {
      if (error instanceof QrCodeError) throw certificateError('500', 'The QR code could not be generated, contact support', { qrMessageKey: 'certificates.qrCodeError' });
      throw certificateError('500', 'The certificate could not be generated');
    }
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="certificate-${issued.cropId}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  }

  /** Public (the QR code's page calls it): confirms a real certificate or denies it, without sign-in. */
  @Get('certificates/verify/:code')
  @Public()
  async verify(@ZodParams(certificateVerifyParamsSchema) p: z.infer<typeof certificateVerifyParamsSchema>) {
    const found = isUuid(p.code) ? await findIssuedCertificate(this.projections.reader('certificates'), p.code.toLowerCase()) : null;
    if (!found) return { valid: false as const, certificateId: p.code };
    const cat = await this.catalogue.model();
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
