import { Query } from '@nestjs/cqrs';

export class GetProfilePictureQuery extends Query<{ contentType: string; bytes: Buffer }> {
  constructor(readonly pictureId: string) {
    super();
  }
}
