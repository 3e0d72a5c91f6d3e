export { ScoringModule } from './scoring.module.js';
export { CertificateIssuer } from './certificates/certificate-issuer.process.js';
export { renderCertificatePdf } from './certificates/certificate-pdf.js';
