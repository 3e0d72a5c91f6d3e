import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public } from '@portal/platform';
import { GetProfilePictureQuery } from './get-profile-picture.query.js';

type FileReply = { header(n: string, v: string): unknown; type(t: string): { send(b: Buffer): void } };

/** Served by unguessable id (random uuid) so <img> works without a bearer header; a file answer needs the raw reply. */
@Controller()
export class GetProfilePictureController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('user-profile/picture/:pictureId')
  @Public()
  async picture(@Param('pictureId') id: string, @Res() reply: FileReply) {
    const found = await this.queries.execute(new GetProfilePictureQuery(id));
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    reply.type(found.contentType).send(found.bytes);
  }
}
