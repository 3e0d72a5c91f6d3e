import { Controller, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { companyDomainsRequestSchema, companyIdParamsSchema, type Company, type CompanyDomainsRequest } from '../../contracts/index.js';
import { ChangeCompanyDomainsCommand } from './change-company-domains.command.js';

/** Holders of manage_all_companies only. */
@Controller('manage-users')
export class ChangeCompanyDomainsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('company/:id/domains')
  @Authorized({ permissions: ['manage_all_companies'] })
  @AnswersWithPosition()
  change(
    @ZodParams(companyIdParamsSchema) params: { id: string },
    @ZodBody(companyDomainsRequestSchema) body: CompanyDomainsRequest,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<Company>> {
    return this.commands.execute(new ChangeCompanyDomainsCommand(requireUser(req.principal), params.id, body, appendContextOf(req)));
  }
}
