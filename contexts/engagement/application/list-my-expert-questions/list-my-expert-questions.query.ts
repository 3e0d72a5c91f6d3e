import { Query } from '@nestjs/cqrs';
import type { Locale, Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { MyExpertQuestions } from '../../contracts/index.js';

export class ListMyExpertQuestionsQuery extends Query<MyExpertQuestions> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly lang: Locale,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
