import { AppError, type Clock, type Locale } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { handleCommand } from '@portal/platform';
import { userStream } from '../../contracts/index.js';
import { userDecider, type UserCommand } from '../../domain/index.js';
import { newActionCode } from './codes.js';
import { localeOf, renderMail } from './mail-templates.js';
import { ownerOfEmail } from './email-claims.js';

/** A mailed single-use link's command: its code's hash, the time, when it expires, the cooldown. */
type CodeCommand = Extract<UserCommand, { data: { codeHash: string; now: string; expiresAt: string; cooldownMs: number } }>;

/**
 * The action-code mail flow the password reset and the sign-in link share (issue 28 item 7): the
 * address's owner, a new code, the user's decider records its hash (nothing within the cooldown),
 * then the mail in the asked language, else the profile's. The same answer and no error whether
 * or not the address has an account (no enumeration): an unknown address, a claim whose account was
 * never written (user-not-found) and a request within the cooldown all mail nothing.
 */
export async function mailActionCode(
  deps: { store: EventStore; clock: Clock; mailer: Mailer },
  request: { email: string; lang: Locale | null; context: AppendContext },
  flow: {
    command: CodeCommand['type'];
    ttlMs: number;
    cooldownMs: number;
    template: 'resetPassword' | 'signInLink';
    link: (oobCode: string, locale: Locale) => string;
    vars?: { minutes?: number };
  },
): Promise<void> {
  const userId = await ownerOfEmail(deps.store, request.email);
  if (!userId) return;
  const now = deps.clock.now();
  const { oobCode, codeHash } = newActionCode(userId);
  const command = { type: flow.command, data: { codeHash, now: now.toISOString(), expiresAt: new Date(now.getTime() + flow.ttlMs).toISOString(), cooldownMs: flow.cooldownMs } } as CodeCommand;
  const { events, state } = await handleCommand(deps.store, userStream(userId), userDecider, command, request.context).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'user-not-found') return { events: [], state: null };
    throw error;
  });
  if (events.length === 0 || state?.status !== 'registered') return;
  const locale = localeOf(request.lang, state.lang);
  const mail = renderMail(flow.template, locale, { link: flow.link(oobCode, locale), email: state.email, ...flow.vars });
  await deps.mailer.send({ to: state.email, ...mail, category: flow.template, locale });
}
