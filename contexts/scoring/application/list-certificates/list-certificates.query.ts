import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { CertificateView } from '../../contracts/index.js';

/** The learner's crop certificates: locked (with the lock message) or issued. */
export class ListCertificatesQuery extends Query<CertificateView[]> {
  constructor(
    readonly userId: string,
    readonly cropId: string | undefined,
    /** for read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
