export { IdentityModule } from './identity.module.js';
export { PasswordHasher } from './shared/password-hasher.js';
export { RegisterUserCommand } from './register/register-user.command.js';
export { emailKey } from './shared/email-key.js';
export { userDecider, emailClaimDecider } from './shared/deciders.js';
export { DEMO_USERS, DEMO_PASSWORD, seedDemoUsers, type DemoUser } from './seed/demo-users.js';
