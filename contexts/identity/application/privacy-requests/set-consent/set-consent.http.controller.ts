import { Controller, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { consentBodySchema, consentParamsSchema, type ConsentState } from '../../../contracts/index.js';
import { SetConsentCommand } from './set-consent.command.js';

@Controller('privacy/me/consents')
export class SetConsentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put(':consent')
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  set(
    @ZodParams(consentParamsSchema) params: z.infer<typeof consentParamsSchema>,
    @ZodBody(consentBodySchema) body: z.infer<typeof consentBodySchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<ConsentState>> {
    return this.commands.execute(new SetConsentCommand(requireUser(req.principal).userId, params.consent, body.given, body.textVersion, appendContextOf(req)));
  }
}
