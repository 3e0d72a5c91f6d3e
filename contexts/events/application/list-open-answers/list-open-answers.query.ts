import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { OpenAnswers } from '../../contracts/index.js';

export class ListOpenAnswersQuery extends Query<OpenAnswers> {
  constructor(
    readonly eventId: string,
    readonly quizId: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
