export * from './support.js';
export * from './inbox.js';
export * from './notification.js';
export * from './messaging.js';
export * from './expert-question.js';
export * from './expert.js';
