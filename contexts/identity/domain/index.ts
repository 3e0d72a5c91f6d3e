export * from './user.js';
export * from './email-claim.js';
export * from './session.js';
export * from './company.js';
export * from './profile-rules.js';
export * from './sign-in-throttle.js';
export * from './manager-scope.js';
export * from './access-policy.js';
