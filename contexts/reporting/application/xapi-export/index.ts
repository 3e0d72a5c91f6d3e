/**
 * The xAPI export (ADR 0074), an operator tool (`npm run portal -- xapi export`): imported by the
 * CLI and the benchmark through `@portal/reporting/xapi-export`, never by the API process.
 */
export { exportXapi, XAPI_LOG_TYPES, type XapiExportOptions, type XapiExportProgress, type XapiExportResult } from './xapi-export.js';
export { fileTarget, lrsTarget, basicAuth, XapiTargetError, type XapiTarget, type LrsOptions } from './targets.js';
export { StatementMapper, XAPI_VERBS, isoDuration, type XapiMappingOptions } from './statements.js';
export { LearningCatalogue } from './learning-catalogue.js';
export { validateStatement, InvalidStatementError } from './validate.js';
export { statementIdOf, registrationOf, XAPI_NAMESPACE } from './statement-ids.js';
export { readExportCheckpoint } from './export-checkpoints.js';
export { leaseXapiTarget, XapiExportBusyError, XapiExportLeaseLostError, type XapiExportLease } from './export-lease.js';
export { xapiSourceEvents, LEARNING_LOG_TYPES, NAMING_EVENT_TYPES } from './source-events.js';
