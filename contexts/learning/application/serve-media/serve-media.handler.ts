import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { join } from 'node:path';
import { CONTENT_DIR, contentFile } from '../shared/content-dir.js';
import { ServeMediaQuery } from './serve-media.query.js';

@QueryHandler(ServeMediaQuery)
export class ServeMediaHandler implements IQueryHandler<ServeMediaQuery> {
  constructor(@Inject(CONTENT_DIR) private readonly contentDir: string) {}

  async execute({ packPath }: ServeMediaQuery): Promise<string> {
    // only the public media folder: protected files and the pack itself are never served here
    const file = contentFile(join(this.contentDir, 'media'), packPath);
    if (!file) throw new AppError('404');
    return file;
  }
}
