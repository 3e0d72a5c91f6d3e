/**
 * Public surface of the events context (ADR 0009 §6, ADR 0060): HTTP contracts shared by the API
 * and the SPA, the stored events projections read, and the context's error codes. Imports nothing
 * but zod, libs/kernel and the event-schema helpers of libs/eventstore.
 */
export * from './http.js';
export * from './realtime.js';
export * from './imports.http.js';
export * from './events.js';
export * from './errors.js';
