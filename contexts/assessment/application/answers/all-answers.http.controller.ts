import { Controller, Get, Inject } from '@nestjs/common';
import { Authorized, CurrentRequest, PROJECTIONS, requireUser, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listAnswers } from '@portal/projection-answers';
import { waitForReads } from '../shared/reads.js';
import { answerView } from '../shared/views.js';

/** 000 §7 GET /user-store/all-answers: the caller's current answer to every question answered (honours x-min-position). */
@Controller('user-store')
export class AllAnswersController {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  @Get('all-answers')
  @Authorized()
  async all(@CurrentRequest() req: PortalRequest) {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['answers']);
    return { answers: (await listAnswers(this.projections.reader('answers'), user.userId)).map(answerView) };
  }
}
