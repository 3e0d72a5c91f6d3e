import { AppError } from '@portal/kernel';
import { supportEvents, type SupportMessageSent } from '../contracts/events.js';

export type SupportState = { sent: boolean };
export const initialSupportState = (): SupportState => ({ sent: false });
export type SupportCommand = { type: 'SendSupportMessage'; data: SupportMessageSent['data'] };

export const SUPPORT_LIMITS = { title: 64, message: 600 } as const;

/** 000 §5: subject, title (≤ 64) and message (≤ 600) required; a message id is sent once. */
export function decideSupport(command: SupportCommand, state: SupportState): SupportMessageSent[] {
  const d = command.data;
  if (state.sent) return [];
  const problems = [
    !d.subject.trim() && { path: 'subject', message: 'required' },
    (!d.title.trim() || d.title.length > SUPPORT_LIMITS.title) && { path: 'title', message: d.title.trim() ? 'maxLength' : 'required' },
    (!d.message.trim() || d.message.length > SUPPORT_LIMITS.message) && { path: 'message', message: d.message.trim() ? 'maxLength' : 'required' },
  ].filter((p): p is { path: string; message: string } => !!p);
  if (problems.length > 0) throw new AppError('app/bed-request', 'Invalid support message', problems);
  return [{ type: 'SupportMessageSent', data: d }];
}
export const evolveSupport = (_state: SupportState, _event: SupportMessageSent): SupportState => ({ sent: true });

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const supportDecider = { decide: decideSupport, evolve: evolveSupport, initial: initialSupportState, events: supportEvents };
