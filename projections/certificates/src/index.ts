export * from './certificates.projection.js';
export * from './queries.js';
export type { CertificatesDB } from './schema.js';
