import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, Public, type CommandOutcome } from '@portal/platform';
import { signedInOrInvalidUid } from '../shared/signed-in.js';
import { readPictureUpload, type MultipartRequest } from './picture-upload.js';
import { UploadProfilePictureCommand } from './upload-profile-picture.command.js';

/**
 * At most 2 MB, images only. Open to any caller so that one without a register id gets the
 * spec's app/invalid-user-uid (000 §5).
 */
@Controller()
export class UploadProfilePictureController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('user-profile/picture')
  @HttpCode(200)
  @Public()
  @AnswersWithPosition()
  async upload(@CurrentRequest() req: MultipartRequest): Promise<CommandOutcome<{ profilePicture: string }>> {
    const user = signedInOrInvalidUid(req);
    return this.commands.execute(new UploadProfilePictureCommand(user.userId, await readPictureUpload(req), appendContextOf(req)));
  }
}
