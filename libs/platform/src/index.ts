export * from './tokens.js';
export * from './auth.js';
export * from './validation.js';
export * from './routes.js';
export * from './command-context.js';
export * from './token-service.js';
export * from './decider-command.js';
export * from './config.js';
