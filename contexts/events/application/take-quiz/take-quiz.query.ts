import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { QuizToTake } from '../../contracts/index.js';

export class TakeQuizQuery extends Query<QuizToTake> {
  constructor(
    readonly eventId: string,
    readonly quizId: string,
    readonly lang: Locale,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
