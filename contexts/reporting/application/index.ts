export { ReportingModule } from './reporting.module.js';
export { AuditVerificationRuns } from './shared/audit-verification-runs.js';
