import { Controller, Delete, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, Public, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { signedInOrInvalidUid } from '../shared/signed-in.js';
import { RemoveProfilePictureCommand } from './remove-profile-picture.command.js';

/** Open to any caller so that one without a register id gets app/invalid-user-uid (000 §5). */
@Controller()
export class RemoveProfilePictureController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Delete('user-profile/picture')
  @HttpCode(204)
  @Public()
  @AnswersWithPosition()
  remove(@CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new RemoveProfilePictureCommand(signedInOrInvalidUid(req).userId, appendContextOf(req)));
  }
}
