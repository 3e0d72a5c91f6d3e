import { Command } from '@nestjs/cqrs';
import type { ScormPackagePreview } from '../../contracts/index.js';

/** POST /manager/scorm-packages: a zip the request streamed to `zipFile` (a temp file the controller removes). */
export class UploadScormPackageCommand extends Command<ScormPackagePreview> {
  constructor(readonly zipFile: string) {
    super();
  }
}
