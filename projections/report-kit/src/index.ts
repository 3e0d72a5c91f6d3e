/**
 * What every report projection shares (ADR 0070; recipe in docs/guide.md "Adding a report"):
 * temporal rows (`temporal.ts`), the learner, company and catalogue dimensions each report keeps
 * in its own schema (`dimensions.ts`), and the filter, sort, page and stream SQL (`report.ts`).
 * Specs use `@portal/projection-report-kit/testing` (replay and as-of harnesses).
 */
export * from './temporal.js';
export * from './dimensions.js';
export * from './report.js';
export { reportQuery } from './report-query.js';
