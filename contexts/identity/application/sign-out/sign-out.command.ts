import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';

export class SignOutCommand extends Command<void> {
  constructor(
    /** the signed-in user, when the access token is still valid */
    readonly userId: string | null,
    /** the session: the access token's, else the refresh cookie's */
    readonly sessionId: string | null,
    readonly lang: Locale | null,
    readonly context: AppendContext,
  ) {
    super();
  }
}
