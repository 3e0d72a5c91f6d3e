export { ReportingModule } from './reporting.module.js';
export { exportReportFile } from './shared/report-exports.js';
export { SERVER_REPORTS } from './shared/report-definitions.js';
