export { IdentityModule } from './identity.module.js';
export { PasswordHasher } from './shared/password-hasher.js';
export { RegisterUserCommand } from './register-user/register-user.command.js';
export { emailKey } from './shared/email-key.js';
export { DEMO_USERS, DEMO_PRE_REGISTERED, DEMO_PASSWORD, seedDemoUsers, type DemoUser } from './seed/demo-users.js';
export { DEMO_COMPANY } from './seed/demo-companies.js';
// the server-rendered first document (ADR 0090): its cookie and the profile read in-process
export { DOCUMENT_COOKIE } from './shared/session-cookie.js';
export { SessionService } from './shared/session-service.js';
export { GetUserDataQuery } from './get-user-data/get-user-data.query.js';
