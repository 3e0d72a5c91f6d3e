import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { QuizReport } from '../../contracts/index.js';

export class QuizReportQuery extends Query<QuizReport> {
  constructor(
    readonly quizId: string,
    readonly eventId: string | null,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
