import { Query } from '@nestjs/cqrs';
import type { MyPrivacy } from '../../../contracts/index.js';

/** GET /privacy/me: the signed-in subject's requests and consents, from their own stream. */
export class MyPrivacyQuery extends Query<MyPrivacy> {
  constructor(readonly userId: string) {
    super();
  }
}
