import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { AuditVerificationResponse } from '../../contracts/index.js';
import { AuditCurrentVerificationQuery } from './audit-current-verification.query.js';
import { AuditStartVerificationCommand } from './audit-start-verification.command.js';

/** Auditors only (ADR 0071): start a whole-log verification; follow its progress. */
@Controller('audit/verifications')
export class AuditVerifyLogController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(202)
  @Authorized({ roles: ['auditor'] })
  async start(@CurrentRequest() req: PortalRequest): Promise<AuditVerificationResponse> {
    return { run: await this.commands.execute(new AuditStartVerificationCommand(requireUser(req.principal).userId)) };
  }

  @Get('current')
  @Authorized({ roles: ['auditor'] })
  async current(): Promise<AuditVerificationResponse> {
    return { run: await this.queries.execute(new AuditCurrentVerificationQuery()) };
  }
}
