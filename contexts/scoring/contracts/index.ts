/** Public surface of the scoring context: its stored event and HTTP contracts (see README.md). */
export * from './events.js';
export * from './http.js';
