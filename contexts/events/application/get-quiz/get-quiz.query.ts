import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { Quiz } from '../../contracts/index.js';

export class GetQuizQuery extends Query<Quiz> {
  constructor(
    readonly quizId: string,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
