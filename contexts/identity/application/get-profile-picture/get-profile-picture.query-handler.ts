import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PictureStore } from '../shared/picture-store.js';
import { GetProfilePictureQuery } from './get-profile-picture.query.js';

/** A picture by its unguessable id (random uuid); anything else is 404. */
@QueryHandler(GetProfilePictureQuery)
export class GetProfilePictureHandler implements IQueryHandler<GetProfilePictureQuery> {
  constructor(@Inject(PictureStore) private readonly pictures: PictureStore) {}

  async execute({ pictureId }: GetProfilePictureQuery): Promise<{ contentType: string; bytes: Buffer }> {
    const found = /^[0-9a-f-]{36}$/i.test(pictureId) ? await this.pictures.get(pictureId) : null;
    if (!found) throw new AppError('404');
    return found;
  }
}
