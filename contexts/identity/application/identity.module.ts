import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { identityRoutes } from '../contracts/index.js';
import { UserHistoryController } from './audit/user-history.http.controller.js';
import { EmailLinksController } from './email-links/email-links.http.controller.js';
import { EMAIL_LINK_HANDLERS } from './email-links/email-links.handlers.js';
import { PhoneController, smsProvider } from './phone/phone.http.controller.js';
import { PictureStore } from './profile/picture-store.js';
import { ProfileController } from './profile/profile.http.controller.js';
import { RegisterUserController } from './register/register-user.http.controller.js';
import { RegisterUserHandler } from './register/register-user.handler.js';
import { SessionsController } from './sessions/sessions.http.controller.js';
import { PasswordHasher } from './shared/password-hasher.js';
import { SessionService } from './shared/session-service.js';
import { SignInThrottle } from './shared/throttle.js';
import { SignInController } from './sign-in/sign-in.http.controller.js';
import { SignInHandler } from './sign-in/sign-in.handler.js';
import { SignInLinkController } from './sign-in-link/sign-in-link.http.controller.js';
import { SIGN_IN_LINK_HANDLERS } from './sign-in-link/sign-in-link.handlers.js';
import { UserDataController } from './user-data/user-data.http.controller.js';
import { GetUserDataHandler } from './user-data/user-data.handler.js';

registerRoutes('identity', identityRoutes);

@Module({
  imports: [CqrsModule],
  controllers: [
    RegisterUserController,
    SignInController,
    SignInLinkController,
    SessionsController,
    UserDataController,
    EmailLinksController,
    ProfileController,
    PhoneController,
    UserHistoryController,
  ],
  providers: [
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    SessionService,
    SignInThrottle,
    PictureStore,
    smsProvider,
    RegisterUserHandler,
    SignInHandler,
    GetUserDataHandler,
    ...EMAIL_LINK_HANDLERS,
    ...SIGN_IN_LINK_HANDLERS,
  ],
  exports: [PasswordHasher, SessionService],
})
export class IdentityModule {}
