export * from './mailer.js';
export * from './compose.js';
