import { Controller, HttpCode, Inject, Post, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { auditExportBodySchema, auditSubjectParamsSchema, type AuditExportBody, type AuditSubjectParams } from '../../contracts/index.js';
import { AuditExportTrailCommand, type RecordedTrailExport } from './audit-export-trail.command.js';
import { AuditTrailFileQuery } from './audit-trail-file.query.js';

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;
const fileName = (p: AuditSubjectParams, format: string) => `audit-${p.kind}-${p.id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80)}.${format}`;

/** Auditors only (ADR 0071): records the export, then streams the file. */
@Controller('audit/subjects')
export class AuditExportTrailController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post(':kind/:id/exports')
  @HttpCode(200)
  @Authorized({ roles: ['auditor'] })
  async export(@ZodParams(auditSubjectParamsSchema) params: AuditSubjectParams, @ZodBody(auditExportBodySchema) body: AuditExportBody, @CurrentRequest() req: PortalRequest): Promise<StreamableFile> {
    const outcome: CommandOutcome<RecordedTrailExport> = await this.commands.execute(new AuditExportTrailCommand(requireUser(req.principal).userId, params, body.format, req, appendContextOf(req)));
    const file = await this.queries.execute(new AuditTrailFileQuery(outcome.value, body.format));
    return new StreamableFile(file, { type: TYPES[body.format], disposition: `attachment; filename="${fileName(params, body.format)}"` });
  }
}
