import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { identityRoutes } from '../contracts/index.js';
import { RegisterUserController } from './register/register-user.http.controller.js';
import { RegisterUserHandler } from './register/register-user.handler.js';
import { SignInController } from './sign-in/sign-in.http.controller.js';
import { SignInHandler } from './sign-in/sign-in.handler.js';
import { UserDataController } from './user-data/user-data.http.controller.js';
import { GetUserDataHandler } from './user-data/user-data.handler.js';
import { PasswordHasher } from './shared/password-hasher.js';
import { SessionIssuer } from './shared/session-issuer.js';

registerRoutes('identity', identityRoutes);

@Module({
  imports: [CqrsModule],
  controllers: [RegisterUserController, SignInController, UserDataController],
  providers: [
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    SessionIssuer,
    RegisterUserHandler,
    SignInHandler,
    GetUserDataHandler,
  ],
  exports: [PasswordHasher],
})
export class IdentityModule {}
