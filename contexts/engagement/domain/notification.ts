import { AppError } from '@portal/kernel';
import { notificationEvents, type NotificationMessagePublished, type NotificationMessageWithdrawn } from '../contracts/events.js';

export type NotificationState = { status: 'none' | 'published' | 'withdrawn' };
export const initialNotificationState = (): NotificationState => ({ status: 'none' });
export type NotificationEvent = NotificationMessagePublished | NotificationMessageWithdrawn;
export type NotificationCommand =
  | { type: 'PublishNotification'; data: NotificationMessagePublished['data'] }
  | { type: 'WithdrawNotification'; data: { notificationId: string; now: string } };

export function decideNotification(command: NotificationCommand, state: NotificationState): NotificationEvent[] {
  switch (command.type) {
    case 'PublishNotification':
      if (state.status !== 'none') return [];
      if (Object.values(command.data.content).some((html) => html.trim().length === 0)) {
        throw new AppError('app/bed-request', 'The content is empty once sanitized', [{ path: 'content', message: 'required' }]);
      }
      return [{ type: 'NotificationMessagePublished', data: command.data }];
    case 'WithdrawNotification':
      if (state.status !== 'published') return [];
      return [{ type: 'NotificationMessageWithdrawn', data: { notificationId: command.data.notificationId, withdrawnAt: command.data.now } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}
export const evolveNotification = (_s: NotificationState, e: NotificationEvent): NotificationState => ({ status: e.type === 'NotificationMessagePublished' ? 'published' : 'withdrawn' });

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const notificationDecider = { decide: decideNotification, evolve: evolveNotification, initial: initialNotificationState, events: notificationEvents };
