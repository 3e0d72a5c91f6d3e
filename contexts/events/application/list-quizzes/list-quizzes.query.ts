import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { QuizList } from '../../contracts/index.js';

export class ListQuizzesQuery extends Query<QuizList> {
  constructor(readonly req: PortalRequest) {
    super();
  }
}
