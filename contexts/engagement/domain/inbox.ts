import { inboxEvents, type NotificationMessageRead, type NotificationRowsViewed } from '../contracts/events.js';

/** What one user has seen: notification messages read and notification rows viewed. */
export type InboxState = { read: Set<string>; viewedRows: Set<string> };
export const initialInboxState = (): InboxState => ({ read: new Set(), viewedRows: new Set() });
export type InboxEvent = NotificationMessageRead | NotificationRowsViewed;
export type InboxCommand =
  | { type: 'MarkNotificationRead'; data: { userId: string; notificationId: string; clientTime: number | null; now: string } }
  | { type: 'ViewRows'; data: { userId: string; rowIds: string[]; now: string } };

export function decideInbox(command: InboxCommand, state: InboxState): InboxEvent[] {
  switch (command.type) {
    case 'MarkNotificationRead': {
      const d = command.data;
      if (state.read.has(d.notificationId)) return [];
      return [{ type: 'NotificationMessageRead', data: { userId: d.userId, notificationId: d.notificationId, eventType: 'read', clientTime: d.clientTime, platform: 'web', readAt: d.now } }];
    }
    case 'ViewRows': {
      const fresh = [...new Set(command.data.rowIds)].filter((id) => !state.viewedRows.has(id));
      if (fresh.length === 0) return [];
      return [{ type: 'NotificationRowsViewed', data: { userId: command.data.userId, rowIds: fresh, viewedAt: command.data.now } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveInbox(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'NotificationMessageRead':
      return { ...state, read: new Set([...state.read, event.data.notificationId]) };
    case 'NotificationRowsViewed':
      return { ...state, viewedRows: new Set([...state.viewedRows, ...event.data.rowIds]) };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const inboxDecider = { decide: decideInbox, evolve: evolveInbox, initial: initialInboxState, events: inboxEvents };
