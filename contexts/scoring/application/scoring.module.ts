import { Module } from '@nestjs/common';
import { registerRoutes } from '@portal/platform';
import { scoringRoutes } from '../contracts/index.js';
import { CertificateIssuer } from './certificates/certificate-issuer.process.js';
import { CertificatesController } from './certificates/certificates.http.controller.js';
import { ScoresController } from './scores/scores.http.controller.js';

registerRoutes('scoring', scoringRoutes);

/** Scores, crop certificates (process manager, PDF, public verification) (issue 5). */
@Module({
  controllers: [ScoresController, CertificatesController],
  providers: [CertificateIssuer],
  exports: [CertificateIssuer],
})
export class ScoringModule {}
