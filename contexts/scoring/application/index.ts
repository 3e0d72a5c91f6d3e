export { ScoringModule } from './scoring.module.js';
export { CertificateIssuer } from './shared/certificate-issuer.process.js';
export { renderCertificatePdf } from './download-certificate/certificate-pdf.js';
// the server-rendered verification page (ADR 0090) reads in-process
export { VerifyCertificateQuery } from './verify-certificate/verify-certificate.query.js';
