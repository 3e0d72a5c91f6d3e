export { ReportingModule } from './reporting.module.js';
export { AuditVerificationRuns } from './shared/audit-verification-runs.js';
export { exportReportFile } from './shared/report-exports.js';
export { SERVER_REPORTS } from './shared/report-definitions.js';
