import { Inject, Injectable } from '@nestjs/common';
import type { AppendContext, EventStore } from '@portal/eventstore';
import type { Clock, Locale } from '@portal/kernel';
import type { Mailer } from '@portal/mail';
import { CLOCK, EVENT_STORE, MAILER } from '@portal/platform';
import { renderMail } from '../shared/mail-templates.js';
import { decideOnPrivacy } from './privacy-record.js';

/**
 * "Signing in within the grace period cancels the deletion" (ADR 0092): the sign-in handlers
 * (password and link) call this after a successful sign-in. A deletion whose erasure started is
 * not canceled (the decider's rule). The user is told by mail and on the privacy page.
 */
@Injectable()
export class DeletionGrace {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async signedIn(user: { userId: string; email: string; lang: Locale | null }, locale: Locale, context: AppendContext): Promise<boolean> {
    const { changed } = await decideOnPrivacy(
      this.store,
      user.userId,
      { type: 'CancelDeletion', data: { userId: user.userId, requestId: null, reason: 'signed-in', by: user.userId, now: this.clock.now().toISOString() } },
      { ...context, actor: user.userId },
    );
    if (changed) await this.mailer.send({ to: user.email, ...renderMail('deletionCanceled', locale, { link: '', email: user.email }), category: 'deletionCanceled', locale });
    return changed;
  }
}
