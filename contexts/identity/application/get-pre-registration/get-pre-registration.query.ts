import { Query } from '@nestjs/cqrs';
import type { PreRegistration } from '../../contracts/index.js';

/** By the invitation token (`hash`) or by address (`email`, answered without saying whether it is pre-registered). */
export class GetPreRegistrationQuery extends Query<PreRegistration> {
  constructor(readonly by: { hash: string } | { email: string }) {
    super();
  }
}
