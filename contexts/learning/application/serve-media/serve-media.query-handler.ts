import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { join, sep } from 'node:path';
import { CONTENT_DIR, contentFile } from '../shared/content-dir.js';
import { ServeMediaQuery } from './serve-media.query.js';

@QueryHandler(ServeMediaQuery)
export class ServeMediaHandler implements IQueryHandler<ServeMediaQuery> {
  constructor(@Inject(CONTENT_DIR) private readonly contentDir: string) {}

  async execute({ packPath }: ServeMediaQuery): Promise<string> {
    // only the public media folder: protected files and the pack itself are never served here,
    // nor SCORM packages: their scripts run on the sandboxed content origin only (ADR 0084)
    const file = contentFile(join(this.contentDir, 'media'), packPath);
    if (!file || file.toLowerCase().startsWith(join(this.contentDir, 'media', 'scorm').toLowerCase() + sep)) throw new AppError('404');
    return file;
  }
}
