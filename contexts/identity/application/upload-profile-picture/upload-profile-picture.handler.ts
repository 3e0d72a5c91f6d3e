import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import { PROFILE_PICTURE_TYPES } from '../../contracts/index.js';
import { PictureStore, pictureUrlOf } from '../shared/picture-store.js';
import { decideOnUser } from '../shared/user-stream.js';
import { UploadProfilePictureCommand } from './upload-profile-picture.command.js';

/** Image types only, checked by content (not by the declared type); the bytes are kept beside the log. */
@CommandHandler(UploadProfilePictureCommand)
export class UploadProfilePictureHandler implements ICommandHandler<UploadProfilePictureCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PictureStore) private readonly pictures: PictureStore,
  ) {}

  async execute({ userId, bytes, context }: UploadProfilePictureCommand): Promise<CommandOutcome<{ profilePicture: string }>> {
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(detected.mime)) {
      throw new AppError('app/bed-request', 'File must be an image', [{ path: 'file', message: 'fileImage' }]);
    }
    const pictureId = randomUUID();
    await this.pictures.save(pictureId, userId, detected.mime, bytes);
    const { checkpoint } = await decideOnUser(
      this.store,
      userId,
      { type: 'ChangeProfilePicture', data: { pictureId, contentType: detected.mime, size: bytes.length, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: { profilePicture: pictureUrlOf(pictureId) }, checkpoint };
  }
}
