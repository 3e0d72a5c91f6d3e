import { Query } from '@nestjs/cqrs';
import type { Locale, Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';

/** A certificate of the learner's as a PDF file. */
export class DownloadCertificateQuery extends Query<{ pdf: Uint8Array; filename: string }> {
  constructor(
    readonly user: Extract<Principal, { kind: 'user' }>,
    /** the crop's certificate (rule) id, or an issued certificate's id */
    readonly certificateId: string,
    readonly cropId: string | undefined,
    readonly lang: Locale | undefined,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
