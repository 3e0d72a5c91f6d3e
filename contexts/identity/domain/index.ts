export * from './user.js';
export * from './email-claim.js';
