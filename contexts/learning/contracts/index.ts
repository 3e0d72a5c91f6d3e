/**
 * Public surface of the learning context (ADR 0009 §6): HTTP schemas and routes (`http.ts`),
 * stored events (`events.ts`), error codes (`errors.ts`), the content-pack schema (`pack.ts`),
 * integration points (`integration.ts`) and the route and access rules the SPA shares.
 * Imports nothing but zod, libs/kernel and the event-schema helper.
 */
export * from './pack.js';
export * from './events.js';
export * from './http.js';
export * from './errors.js';
export * from './integration.js';
export * from './routes.js';
export * from './access.js';
export * from './catalogue.js';
export * from './content-status.js';
export * from './scorm-manifest.js';
export * from './scorm-upload.js';
export * from './scorm-runtime.js';
