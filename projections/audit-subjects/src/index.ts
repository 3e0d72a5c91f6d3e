export * from './audit-subjects.projection.js';
export * from './queries.js';
export type { AuditSubjectsDB } from './schema.js';
