import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { scormPackageParamsSchema, scormPublishBodySchema, type ScormPublishBody, type ScormPublished } from '../../contracts/index.js';
import { PublishScormPackageCommand } from './publish-scorm-package.command.js';

/** POST /manager/scorm-packages/:packageId/publish (issue 27, ADR 0084 "Upload"): holders of manage_all_companies. */
@Controller('manager/scorm-packages')
export class PublishScormPackageController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':packageId/publish')
  @HttpCode(200)
  @Authorized({ permissions: ['manage_all_companies'] })
  @AnswersWithPosition()
  publish(
    @ZodParams(scormPackageParamsSchema) params: { packageId: string },
    @ZodBody(scormPublishBodySchema) body: ScormPublishBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<ScormPublished>> {
    return this.commands.execute(new PublishScormPackageCommand(params.packageId, body.stationId, appendContextOf(req)));
  }
}
