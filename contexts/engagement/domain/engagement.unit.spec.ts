import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { decideSupport, evolveSupport, initialSupportState } from './support.js';
import { decideInbox, evolveInbox, initialInboxState } from './inbox.js';
import { decideNotification, evolveNotification, initialNotificationState } from './notification.js';

const support = deciderSpec({ decide: decideSupport, evolve: evolveSupport, initial: initialSupportState });
const inbox = deciderSpec({ decide: decideInbox, evolve: evolveInbox, initial: initialInboxState });
const notification = deciderSpec({ decide: decideNotification, evolve: evolveNotification, initial: initialNotificationState });
const now = '2026-11-21T10:00:00.000Z';
const message = {
  messageId: 'm1', registerId: 'u1', email: 'a@b.c', country: 'BR', context: 'web', origin: 'https://portal/home', subject: 'Feedback', title: 'Vídeo travando', message: 'O vídeo para no meio.', lang: 'pt-BR' as const, sentAt: now,
};

describe('support messages', () => {
  it('records a valid message once', () => {
    support.given([]).when({ type: 'SendSupportMessage', data: message }).then([{ type: 'SupportMessageSent', data: message }]);
    support.given([{ type: 'SupportMessageSent', data: message }]).when({ type: 'SendSupportMessage', data: message }).thenNothing();
  });
  it('refuses a title over 64 or a message over 600 characters', () => {
    support.given([]).when({ type: 'SendSupportMessage', data: { ...message, title: 'x'.repeat(65) } }).thenThrows('app/bed-request');
    support.given([]).when({ type: 'SendSupportMessage', data: { ...message, message: 'x'.repeat(601) } }).thenThrows('app/bed-request');
    support.given([]).when({ type: 'SendSupportMessage', data: { ...message, subject: ' ' } }).thenThrows('app/bed-request');
  });
});

describe('inbox', () => {
  it('records a read once and only rows not seen before', () => {
    inbox.given([]).when({ type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1', clientTime: 1, now } }).then([
      { type: 'NotificationMessageRead', data: { userId: 'u1', notificationId: 'n1', eventType: 'read', clientTime: 1, platform: 'web', readAt: now } },
    ]);
    inbox
      .given([{ type: 'NotificationMessageRead', data: { userId: 'u1', notificationId: 'n1', eventType: 'read', clientTime: 1, platform: 'web', readAt: now } }])
      .when({ type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1', clientTime: 2, now } })
      .thenNothing();
    inbox
      .given([{ type: 'NotificationRowsViewed', data: { userId: 'u1', rowIds: ['a'], viewedAt: now } }])
      .when({ type: 'ViewRows', data: { userId: 'u1', rowIds: ['a', 'b', 'b'], now } })
      .then([{ type: 'NotificationRowsViewed', data: { userId: 'u1', rowIds: ['b'], viewedAt: now } }]);
  });
});

describe('notification messages', () => {
  const published = {
    notificationId: 'n1', title: { 'pt-BR': 'Novidade', es: 'Novedad', en: 'News' }, content: { 'pt-BR': '<p>a</p>', es: '<p>b</p>', en: '<p>c</p>' },
    displayViewConfig: { size: 'medium' as const, contentAlign: 'left' as const }, categories: [], countries: [], publishedAt: now, publishedBy: 'u9',
  };
  it('publishes once and refuses content emptied by sanitizing', () => {
    notification.given([]).when({ type: 'PublishNotification', data: published }).then([{ type: 'NotificationMessagePublished', data: published }]);
    notification.given([]).when({ type: 'PublishNotification', data: { ...published, content: { ...published.content, en: '' } } }).thenThrows('app/bed-request');
  });
});
