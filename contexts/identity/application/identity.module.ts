import { Module } from '@nestjs/common';
import { UserAccountsModule } from './shared/user-accounts.js';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { identityRoutes, userAdminRoutes, userDirectoryRoutes, userImportRoutes } from '../contracts/index.js';
import { ApplyActionCodeController } from './apply-action-code/apply-action-code.http.controller.js';
import { ApplyActionCodeHandler } from './apply-action-code/apply-action-code.handler.js';
import { COMPANY_CONTROLLERS, COMPANY_HANDLERS } from './companies.providers.js';
import { PRIVACY_CONTROLLERS, PRIVACY_PROVIDERS } from './privacy-requests/privacy-requests.providers.js';
import { CheckActionCodeController } from './check-action-code/check-action-code.http.controller.js';
import { CheckActionCodeHandler } from './check-action-code/check-action-code.query-handler.js';
import { GetProfileOptionsController } from './get-profile-options/get-profile-options.http.controller.js';
import { GetProfileOptionsHandler } from './get-profile-options/get-profile-options.query-handler.js';
import { GetProfilePictureController } from './get-profile-picture/get-profile-picture.http.controller.js';
import { GetProfilePictureHandler } from './get-profile-picture/get-profile-picture.query-handler.js';
import { GetUserDataController } from './get-user-data/get-user-data.http.controller.js';
import { GetUserDataHandler } from './get-user-data/get-user-data.query-handler.js';
import { GetUserHistoryController } from './get-user-history/get-user-history.http.controller.js';
import { GetUserHistoryHandler } from './get-user-history/get-user-history.query-handler.js';
import { ListCountriesController } from './list-countries/list-countries.http.controller.js';
import { ListCountriesHandler } from './list-countries/list-countries.query-handler.js';
import { RecordInteractionController } from './record-interaction/record-interaction.http.controller.js';
import { RecordInteractionHandler } from './record-interaction/record-interaction.handler.js';
import { RefreshSessionController } from './refresh-session/refresh-session.http.controller.js';
import { RefreshSessionHandler } from './refresh-session/refresh-session.handler.js';
import { RegisterUserController } from './register-user/register-user.http.controller.js';
import { RegisterUserHandler } from './register-user/register-user.handler.js';
import { RemoveProfilePictureController } from './remove-profile-picture/remove-profile-picture.http.controller.js';
import { RemoveProfilePictureHandler } from './remove-profile-picture/remove-profile-picture.handler.js';
import { SendEmailVerificationController } from './send-email-verification/send-email-verification.http.controller.js';
import { SendEmailVerificationHandler } from './send-email-verification/send-email-verification.handler.js';
import { SendPasswordResetController } from './send-password-reset/send-password-reset.http.controller.js';
import { SendPasswordResetHandler } from './send-password-reset/send-password-reset.handler.js';
import { SendPhoneCodeController } from './send-phone-code/send-phone-code.http.controller.js';
import { SendPhoneCodeHandler } from './send-phone-code/send-phone-code.handler.js';
import { SendSignInLinkController } from './send-sign-in-link/send-sign-in-link.http.controller.js';
import { SendSignInLinkHandler } from './send-sign-in-link/send-sign-in-link.handler.js';
import { SetUserFlagController } from './set-user-flag/set-user-flag.http.controller.js';
import { SetUserFlagHandler } from './set-user-flag/set-user-flag.handler.js';
import { FindUsersController } from './find-users/find-users.http.controller.js';
import { FindUsersHandler } from './find-users/find-users.query-handler.js';
import { GetManagedUserController } from './get-managed-user/get-managed-user.http.controller.js';
import { GetManagedUserHandler } from './get-managed-user/get-managed-user.query-handler.js';
import { ListCompanyUsersController } from './list-company-users/list-company-users.http.controller.js';
import { ListCompanyUsersHandler } from './list-company-users/list-company-users.query-handler.js';
import { PasswordHasher } from './shared/password-hasher.js';
import { PictureStore } from './shared/picture-store.js';
import { SubjectEraser } from './shared/subject-eraser.js';
import { CryptoShredder } from './privacy-erasure/crypto-shredder.js';
import { NetworkDataRetention } from './privacy-erasure/network-retention.js';
import { SessionService } from './shared/session-service.js';
import { smsProvider } from './shared/sms.js';
import { SignInThrottle } from './shared/throttle.js';
import { SignInController } from './sign-in/sign-in.http.controller.js';
import { SignInHandler } from './sign-in/sign-in.handler.js';
import { SignInWithLinkController } from './sign-in-with-link/sign-in-with-link.http.controller.js';
import { SignInWithLinkHandler } from './sign-in-with-link/sign-in-with-link.handler.js';
import { SignOutController } from './sign-out/sign-out.http.controller.js';
import { SignOutHandler } from './sign-out/sign-out.handler.js';
import { UpdateUserProfileController } from './update-user-profile/update-user-profile.http.controller.js';
import { UpdateUserProfileHandler } from './update-user-profile/update-user-profile.handler.js';
import { UploadProfilePictureController } from './upload-profile-picture/upload-profile-picture.http.controller.js';
import { UploadProfilePictureHandler } from './upload-profile-picture/upload-profile-picture.handler.js';
import { VerifyPhoneController } from './verify-phone/verify-phone.http.controller.js';
import { VerifyPhoneHandler } from './verify-phone/verify-phone.handler.js';
import { UpsertManagedUserController } from './upsert-managed-user/upsert-managed-user.http.controller.js';
import { UpsertManagedUserHandler } from './upsert-managed-user/upsert-managed-user.handler.js';
import { DeleteManagedUserController } from './delete-managed-user/delete-managed-user.http.controller.js';
import { DeleteManagedUserHandler } from './delete-managed-user/delete-managed-user.handler.js';
import { DeactivateUserController } from './deactivate-user/deactivate-user.http.controller.js';
import { DeactivateUserHandler } from './deactivate-user/deactivate-user.handler.js';
import { ReactivateUserController } from './reactivate-user/reactivate-user.http.controller.js';
import { ReactivateUserHandler } from './reactivate-user/reactivate-user.handler.js';
import { SendInvitationController } from './send-invitation/send-invitation.http.controller.js';
import { SendInvitationHandler } from './send-invitation/send-invitation.handler.js';
import { GetPreRegistrationController } from './get-pre-registration/get-pre-registration.http.controller.js';
import { GetPreRegistrationHandler } from './get-pre-registration/get-pre-registration.query-handler.js';
import { ImportUsersController } from './import-users/import-users.http.controller.js';
import { ImportUsersHandler } from './import-users/import-users.handler.js';

registerRoutes('identity', identityRoutes);
registerRoutes('identity', userDirectoryRoutes);
registerRoutes('identity', userAdminRoutes);
registerRoutes('identity', userImportRoutes);

/** One use case per folder (ADR 0009): each write is a command, each read a query, on the buses. */
@Module({
  imports: [CqrsModule, UserAccountsModule],
  controllers: [
    RegisterUserController,
    SignInController,
    SendSignInLinkController,
    SignInWithLinkController,
    RefreshSessionController,
    SignOutController,
    GetUserDataController,
    SendEmailVerificationController,
    SendPasswordResetController,
    CheckActionCodeController,
    ApplyActionCodeController,
    UpdateUserProfileController,
    GetProfileOptionsController,
    ListCountriesController,
    UploadProfilePictureController,
    RemoveProfilePictureController,
    GetProfilePictureController,
    SetUserFlagController,
    RecordInteractionController,
    SendPhoneCodeController,
    VerifyPhoneController,
    GetUserHistoryController,
    ListCompanyUsersController,
    FindUsersController,
    GetManagedUserController,
    ...COMPANY_CONTROLLERS,
    UpsertManagedUserController,
    DeleteManagedUserController,
    DeactivateUserController,
    ReactivateUserController,
    SendInvitationController,
    GetPreRegistrationController,
    ImportUsersController,
    ...PRIVACY_CONTROLLERS,
  ],
  providers: [
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    SessionService,
    SignInThrottle,
    PictureStore,
    // crypto-shredding (ADR 0091): the rights workflow erases through SubjectEraser
    { provide: SubjectEraser, useClass: CryptoShredder },
    NetworkDataRetention,
    smsProvider,
    RegisterUserHandler,
    SignInHandler,
    SendSignInLinkHandler,
    SignInWithLinkHandler,
    RefreshSessionHandler,
    SignOutHandler,
    GetUserDataHandler,
    SendEmailVerificationHandler,
    SendPasswordResetHandler,
    CheckActionCodeHandler,
    ApplyActionCodeHandler,
    UpdateUserProfileHandler,
    GetProfileOptionsHandler,
    ListCountriesHandler,
    UploadProfilePictureHandler,
    RemoveProfilePictureHandler,
    GetProfilePictureHandler,
    SetUserFlagHandler,
    RecordInteractionHandler,
    SendPhoneCodeHandler,
    VerifyPhoneHandler,
    GetUserHistoryHandler,
    ListCompanyUsersHandler,
    FindUsersHandler,
    GetManagedUserHandler,
    ...COMPANY_HANDLERS,
    UpsertManagedUserHandler,
    DeleteManagedUserHandler,
    DeactivateUserHandler,
    ReactivateUserHandler,
    SendInvitationHandler,
    GetPreRegistrationHandler,
    ImportUsersHandler,
    ...PRIVACY_PROVIDERS,
  ],
  exports: [PasswordHasher, SessionService, SubjectEraser, NetworkDataRetention],
})
export class IdentityModule {}
