/**
 * Public surface of the reporting context (ADR 0053, 0070): the HTTP contracts of the manager
 * dashboard and of the reports (`reports.ts`: filters, columns with their headers, rows, routes),
 * shared by the API, the CLI and the SPA; its error codes; and its one stored event,
 * `ReportExported` (`events.ts`). Everything else it reads from the other contexts' events through
 * its projections.
 */
export * from './http.js';
export * from './errors.js';
// the auditor's area (ADR 0071)
export * from './audit-events.js';
export * from './audit-http.js';
export * from './audit-errors.js';
export * from './reports.js';
export * from './events.js';
