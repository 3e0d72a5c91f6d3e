import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, ZodParams } from '@portal/platform';
import type { z } from 'zod';
import { auditAnswersParamsSchema } from '../../contracts/index.js';
import { AuditAnswersQuery } from './audit-answers.query.js';

/** GET /audit/answers/:userId (role auditor): a learner's answers as stored, and the stream's hash chain checked. */
@Controller('audit/answers')
export class AuditAnswersController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':userId')
  @Authorized({ roles: ['auditor'] })
  answers(@ZodParams(auditAnswersParamsSchema) p: z.infer<typeof auditAnswersParamsSchema>) {
    return this.queries.execute(new AuditAnswersQuery(p.userId));
  }
}
