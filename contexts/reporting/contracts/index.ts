/**
 * Public surface of the reporting context (ADR 0053): the HTTP contracts of the manager dashboard
 * (and, with issue 16, the reports), shared by the API and the SPA, and its error codes. Reporting
 * records no events of its own: it reads the other contexts' events through its projections.
 */
export * from './http.js';
export * from './errors.js';
// the auditor's area (ADR 0071)
export * from './audit-events.js';
export * from './audit-http.js';
export * from './audit-errors.js';
export * from './reports.js';
export * from './events.js';
