import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, ZodParams, type CommandOutcome } from '@portal/platform';
import { eventIdParamsSchema, type ScheduledEvent } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { readMaterialUpload, type MultipartFilesRequest } from './material-upload.js';
import { UploadMaterialsCommand } from './upload-materials.command.js';

/** 001 §7 POST /scheduledEvents/materials/{id} with body {files}: tc_admin of Brazil. */
@Controller('scheduledEvents')
export class UploadMaterialsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('materials/:id')
  @HttpCode(200)
  @EventsArea('admin')
  @AnswersWithPosition()
  async upload(@ZodParams(eventIdParamsSchema) params: { id: string }, @CurrentRequest() req: MultipartFilesRequest): Promise<CommandOutcome<ScheduledEvent>> {
    return this.commands.execute(new UploadMaterialsCommand(params.id, await readMaterialUpload(req), appendContextOf(req)));
  }
}
