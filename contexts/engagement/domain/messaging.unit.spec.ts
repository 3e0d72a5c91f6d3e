import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { messagingDecider, type DeliveredMessage, type MessagingCommand } from './messaging.js';
import type { MessagingEvent } from '../contracts/events.js';

const spec = deciderSpec(messagingDecider);
const receivedAt = '2026-11-21T12:00:05.000Z';
const phoneKey = '5511987654321';
const inbound = (id: string, sentAt: string, text = 'Como aplico o fungicida?'): DeliveredMessage => ({
  direction: 'inbound', messageId: id, messageType: 'text', text, quotedMessageId: null, contactName: 'Ana', businessPhoneNumberId: 'biz-1', sentAt,
});
const reply = (id: string, sentAt: string, quoted: string | null = null, text = 'Use 2 L/ha.'): DeliveredMessage => ({
  direction: 'reply', messageId: id, messageType: 'text', text, quotedMessageId: quoted, contactName: null, businessPhoneNumberId: 'biz-1', sentAt,
});
const delivery = (messages: DeliveredMessage[], userId: string | null = 'u1'): MessagingCommand => ({
  type: 'RecordDelivery', data: { phoneKey, userId, matchedBy: userId ? 'linked-phone' : null, messages, receivedAt },
});
const common = (m: DeliveredMessage, userId: string | null = 'u1') => ({
  platform: 'whatsapp' as const, messageId: m.messageId, phoneKey, userId, matchedBy: userId ? ('linked-phone' as const) : null, messageType: m.messageType, text: m.text,
  quotedMessageId: m.quotedMessageId, businessPhoneNumberId: m.businessPhoneNumberId, sentAt: m.sentAt, receivedAt,
});
const received = (m: DeliveredMessage, userId: string | null = 'u1'): MessagingEvent => ({ type: 'MessagingMessageReceived', data: { ...common(m, userId), contactName: m.contactName } });
const sent = (m: DeliveredMessage, answersMessageId: string | null): MessagingEvent => ({ type: 'MessagingReplySent', data: { ...common(m), answersMessageId } });

const m1 = inbound('wamid.1', '2026-11-21T11:00:00.000Z');
const m2 = inbound('wamid.2', '2026-11-21T11:05:00.000Z', 'E o herbicida?');
const r1 = reply('wamid.r1', '2026-11-21T11:10:00.000Z');

describe('messaging conversation', () => {
  it('records the user message with the matched user, or unmatched with the phone', () => {
    spec.given([]).when(delivery([m1])).then([received(m1)]);
    spec.given([]).when(delivery([m1], null)).then([received(m1, null)]);
  });

  it('records nothing when the platform retries a delivery', () => {
    spec.given([received(m1), sent(r1, 'wamid.1')]).when(delivery([m1, r1])).thenNothing();
    spec.given([]).when(delivery([m1, m1])).then([received(m1)]);
  });

  it('links a reply to the message it quotes', () => {
    const quoting = reply('wamid.r2', '2026-11-21T11:10:00.000Z', 'wamid.1');
    spec.given([received(m1), received(m2)]).when(delivery([quoting])).then([sent(quoting, 'wamid.1')]);
  });

  it('links a reply that quotes nothing to the user message sent last before it', () => {
    spec.given([received(m1), received(m2)]).when(delivery([r1])).then([sent(r1, 'wamid.2')]);
    const early = reply('wamid.r0', '2026-11-21T11:01:00.000Z');
    spec.given([received(m1), received(m2)]).when(delivery([early])).then([sent(early, 'wamid.1')]);
  });

  it('orders a delivery by send time, so a reply answers a message of the same delivery', () => {
    spec.given([]).when(delivery([r1, m2, m1])).then([received(m1), received(m2), sent(r1, 'wamid.2')]);
  });

  it('keeps a reply with no user message before it, answering nothing known', () => {
    const quotingUnknown = reply('wamid.r3', '2026-11-21T10:00:00.000Z', 'wamid.unknown');
    spec.given([]).when(delivery([quotingUnknown])).then([sent(quotingUnknown, null)]);
  });
});
