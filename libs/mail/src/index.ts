export * from './mailer.js';
