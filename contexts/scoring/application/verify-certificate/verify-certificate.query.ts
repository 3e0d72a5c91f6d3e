import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { certificateVerifyResponseSchema } from '../../contracts/index.js';

/** Public verification of an issued certificate (the QR code's page). */
export class VerifyCertificateQuery extends Query<z.infer<typeof certificateVerifyResponseSchema>> {
  constructor(readonly code: string) {
    super();
  }
}
