export { ScoringModule } from './scoring.module.js';
export { CertificateIssuer } from './shared/certificate-issuer.process.js';
export { renderCertificatePdf } from './download-certificate/certificate-pdf.js';
