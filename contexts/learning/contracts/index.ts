/**
 * Public surface of the learning context: the content-pack schema, HTTP contracts shared by the
 * API and the SPA, stored event shapes and integration points. Imports nothing but zod and libs/kernel.
 */
export * from './pack.js';
export * from './events.js';
export * from './http.js';
export * from './integration.js';
export * from './routes.js';
export * from './access.js';
export * from './catalogue.js';
