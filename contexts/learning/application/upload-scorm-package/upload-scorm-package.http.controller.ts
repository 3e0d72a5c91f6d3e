import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest } from '@portal/platform';
import type { ScormPackagePreview } from '../../contracts/index.js';
import { UploadScormPackageCommand } from './upload-scorm-package.command.js';
import { withUploadedZip, type ZipUploadRequest } from './zip-upload.js';

/** POST /manager/scorm-packages (issue 27, ADR 0084 "Upload"): holders of manage_all_companies. */
@Controller('manager/scorm-packages')
export class UploadScormPackageController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Authorized({ permissions: ['manage_all_companies'] })
  upload(@CurrentRequest() req: ZipUploadRequest): Promise<ScormPackagePreview> {
    return withUploadedZip(req, (file) => this.commands.execute(new UploadScormPackageCommand(file)));
  }
}
