/** Public surface of the scoring context: its stored event and HTTP contracts and its certificate rule (see README.md). */
export * from './certificate-rule.js';
export * from './events.js';
export * from './http.js';
