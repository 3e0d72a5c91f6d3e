/**
 * Public surface of the assessment context: stored events, HTTP contracts shared with the SPA,
 * the assessment content file schema and the error codes it answers. See README.md.
 */
export * from './events.js';
export * from './http.js';
export * from './content.js';
export * from './errors.js';
