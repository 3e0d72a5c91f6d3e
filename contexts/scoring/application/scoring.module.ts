import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { scoringRoutes } from '../contracts/index.js';
import { DownloadCertificateController } from './download-certificate/download-certificate.http.controller.js';
import { DownloadCertificateHandler } from './download-certificate/download-certificate.query-handler.js';
import { LearnerScoresController } from './learner-scores/learner-scores.http.controller.js';
import { LearnerScoresHandler } from './learner-scores/learner-scores.query-handler.js';
import { ListCertificatesController } from './list-certificates/list-certificates.http.controller.js';
import { ListCertificatesHandler } from './list-certificates/list-certificates.query-handler.js';
import { CertificateIssuer } from './shared/certificate-issuer.process.js';
import { StationScoreController } from './station-score/station-score.http.controller.js';
import { StationScoreHandler } from './station-score/station-score.query-handler.js';
import { VerifyCertificateController } from './verify-certificate/verify-certificate.http.controller.js';
import { VerifyCertificateHandler } from './verify-certificate/verify-certificate.query-handler.js';

registerRoutes('scoring', scoringRoutes);

/** Scores, crop certificates (process manager, PDF, public verification) (issue 5); one folder per use case (ADR 0009). */
@Module({
  imports: [CqrsModule],
  controllers: [LearnerScoresController, StationScoreController, ListCertificatesController, DownloadCertificateController, VerifyCertificateController],
  providers: [CertificateIssuer, LearnerScoresHandler, StationScoreHandler, ListCertificatesHandler, DownloadCertificateHandler, VerifyCertificateHandler],
  exports: [CertificateIssuer],
})
export class ScoringModule {}
