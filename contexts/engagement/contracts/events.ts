/**
 * Stored events of the engagement context: support messages, notification messages shown to
 * learners, and client tracking (user events, interaction traces).
 *
 * Streams:
 * - engagement.support-<messageId>            SupportMessageSent
 * - engagement.notification-<notificationId>  NotificationMessagePublished, NotificationMessageWithdrawn
 * - engagement.inbox-<userId>                 NotificationMessageRead, NotificationRowsViewed
 * - engagement.tracking-<actor>-<yyyy-mm-dd>  UserEventRecorded, InteractionTraced (high volume, append-any)
 */
import type { Locale } from '@portal/kernel';

export interface SupportMessageSent {
  type: 'SupportMessageSent';
  data: {
    messageId: string;
    registerId: string;
    email: string;
    country: string | null;
    context: string;
    origin: string;
    subject: string;
    title: string;
    message: string;
    lang: Locale;
    sentAt: string;
  };
}

export interface NotificationMessagePublished {
  type: 'NotificationMessagePublished';
  data: {
    notificationId: string;
    title: Record<Locale, string>;
    /** sanitized HTML per locale (no script can run from it) */
    content: Record<Locale, string>;
    displayViewConfig: { size: 'small' | 'medium' | 'large'; contentAlign: 'left' | 'center' | 'right' };
    categories: { label: Record<Locale, string>; to: string }[];
    countries: string[];
    publishedAt: string;
    publishedBy: string;
  };
}
export interface NotificationMessageWithdrawn {
  type: 'NotificationMessageWithdrawn';
  data: { notificationId: string; withdrawnAt: string };
}
export interface NotificationMessageRead {
  type: 'NotificationMessageRead';
  data: { userId: string; notificationId: string; eventType: 'read'; clientTime: number | null; platform: 'web'; readAt: string };
}
export interface NotificationRowsViewed {
  type: 'NotificationRowsViewed';
  data: { userId: string; rowIds: string[]; viewedAt: string };
}
export interface UserEventRecorded {
  type: 'UserEventRecorded';
  data: {
    actor: string;
    payload: Record<string, unknown>;
    sessionId: string | null;
    clientTime: number | null;
    clientTimeOffset: number | null;
    contextArea: string | null;
    pageUrl: string | null;
    recordedAt: string;
  };
}
export interface InteractionTraced {
  type: 'InteractionTraced';
  data: {
    actor: string;
    category: string;
    action: string;
    label: string | null;
    value: string | number | null;
    nodeId: string | null;
    context: string | null;
    time: number | null;
    textContent: string | null;
    tracedAt: string;
  };
}

export type EngagementEvent =
  | SupportMessageSent
  | NotificationMessagePublished
  | NotificationMessageWithdrawn
  | NotificationMessageRead
  | NotificationRowsViewed
  | UserEventRecorded
  | InteractionTraced;

export const supportStream = (id: string) => `engagement.support-${id}`;
export const notificationStream = (id: string) => `engagement.notification-${id}`;
export const inboxStream = (userId: string) => `engagement.inbox-${userId}`;
export const trackingStream = (actor: string, day: string) => `engagement.tracking-${actor}-${day}`;
