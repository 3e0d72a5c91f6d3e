/**
 * The messaging report's story (ADR 0070, 0073), on top of the reports story's companies and
 * learners: a1 (company A) writes and gets two replies, one of them after the cut; b1 (B) writes
 * and gets none; the mover writes while in A; a phone no user has writes and is answered after the
 * cut; the business opens a conversation with a1 (a reply that answers nothing). Imported by specs only.
 */
import type { Checkpoint, EventStore } from '@portal/eventstore';
import { messagingStream, type MessagingMessageReceived, type MessagingReplySent } from '@portal/engagement/contracts';
import { A1, appendSteps, B1, MOVER, STORY_AFTER_MOVE, STORY_BEFORE_MOVE } from './reports-story.js';

export const PHONE_A1 = '5511911110001';
export const PHONE_B1 = '5541922220002';
export const PHONE_MOVER = '5511933330003';
export const PHONE_UNKNOWN = '5599900000000';

const common = (phoneKey: string, userId: string | null, messageId: string, text: string | null, at: string) => ({
  platform: 'whatsapp' as const,
  messageId,
  phoneKey,
  userId,
  matchedBy: userId ? ('linked-phone' as const) : null,
  messageType: 'text',
  text,
  quotedMessageId: null,
  businessPhoneNumberId: '106540352242922',
  sentAt: at,
  receivedAt: at,
});
export const received = (phoneKey: string, userId: string | null, messageId: string, text: string, at: string, contactName: string | null = null) => ({
  stream: messagingStream(phoneKey),
  event: { type: 'MessagingMessageReceived', data: { ...common(phoneKey, userId, messageId, text, at), contactName } satisfies MessagingMessageReceived['data'] },
});
export const replied = (phoneKey: string, userId: string | null, messageId: string, text: string, at: string, answersMessageId: string | null) => ({
  stream: messagingStream(phoneKey),
  event: { type: 'MessagingReplySent', data: { ...common(phoneKey, userId, messageId, text, at), answersMessageId } satisfies MessagingReplySent['data'] },
});

export const MESSAGES_BEFORE_MOVE = [
  replied(PHONE_A1, A1, 'wamid.open', 'Welcome to the portal', '2026-11-01T09:00:00.000Z', null),
  received(PHONE_A1, A1, 'wamid.a1', 'How do I book a visit?', '2026-11-02T10:00:00.000Z', 'Ana'),
  replied(PHONE_A1, A1, 'wamid.r1', 'Open Bookings in the menu', '2026-11-02T10:05:00.000Z', 'wamid.a1'),
  received(PHONE_B1, B1, 'wamid.b1', 'Where is my certificate?', '2026-11-05T08:00:00.000Z', 'Carla'),
  received(PHONE_MOVER, MOVER, 'wamid.m1', 'Hello', '2026-11-07T08:00:00.000Z', 'Davi'),
  received(PHONE_UNKNOWN, null, 'wamid.x1', 'Who is this?', '2026-11-08T08:00:00.000Z', 'Stranger'),
];
export const MESSAGES_AFTER_MOVE = [
  replied(PHONE_A1, A1, 'wamid.r2', 'And pick a date', '2026-11-21T10:06:00.000Z', 'wamid.a1'),
  replied(PHONE_UNKNOWN, null, 'wamid.rx', 'The training portal', '2026-11-21T11:00:00.000Z', 'wamid.x1'),
];

/** The reports story with the messages; `beforeMove` is the last checkpoint before m1 moves to company B (and before the later replies). */
export const appendMessagingStory = async (store: EventStore): Promise<{ beforeMove: Checkpoint; end: Checkpoint }> => {
  await appendSteps(store, STORY_BEFORE_MOVE);
  const beforeMove = await appendSteps(store, MESSAGES_BEFORE_MOVE);
  await appendSteps(store, STORY_AFTER_MOVE);
  const end = await appendSteps(store, MESSAGES_AFTER_MOVE);
  return { beforeMove, end };
};
