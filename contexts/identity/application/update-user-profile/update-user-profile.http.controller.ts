import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { updateUserProfileRequestSchema, type UpdateUserProfileRequest, type UserData } from '../../contracts/index.js';
import { UpdateUserProfileCommand } from './update-user-profile.command.js';

/** Open while the profile is incomplete: completing it is what this route is for. */
@Controller()
export class UpdateUserProfileController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('updateUserProfile')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  update(@ZodBody(updateUserProfileRequestSchema) body: UpdateUserProfileRequest, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<UserData>> {
    return this.commands.execute(new UpdateUserProfileCommand(requireUser(req.principal).userId, body, appendContextOf(req)));
  }
}
