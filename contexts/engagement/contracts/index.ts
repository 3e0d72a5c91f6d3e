/** Public surface of the engagement context (ADR 0009 §6, ADR 0047): HTTP contracts shared with the SPA, its stored events and error codes. */
export * from './http.js';
export * from './messaging.http.js';
export * from './phone-key.js';
export * from './events.js';
export * from './errors.js';
