/**
 * Public surface of the identity context: HTTP contracts shared by the API and the SPA (http.ts),
 * the stored events other contexts and projections read, parsed here (events.ts; ADR 0085), and the
 * error codes it answers (errors.ts).
 */
export * from './http.js';
export * from './events.js';
export * from './errors.js';
export * from './companies.http.js';
export * from './user-admin.http.js';
export * from './user-directory.http.js';
export * from './manager-scope.js';
export * from './user-import.http.js';
export * from './user-accounts.js';
export * from './privacy.js';
export * from './privacy-events.js';
