import { messagingEvents, type MessagingEvent, type MessagingMessageReceived, type MessagingReplySent } from '../contracts/events.js';

/**
 * One user phone's conversation with the business (ADR 0073): what the platform's webhook
 * delivered, each platform message once. State: the ids already recorded and the user's messages
 * in send order (what a reply may answer).
 */
export interface MessagingState {
  recorded: ReadonlySet<string>;
  inbound: readonly { messageId: string; sentAt: string }[];
}
export const initialMessagingState = (): MessagingState => ({ recorded: new Set(), inbound: [] });

/** A message of a delivery, as the webhook read it. */
export interface DeliveredMessage {
  direction: 'inbound' | 'reply';
  messageId: string;
  messageType: string;
  text: string | null;
  quotedMessageId: string | null;
  contactName: string | null;
  businessPhoneNumberId: string;
  sentAt: string;
}
export type MessagingCommand = {
  type: 'RecordDelivery';
  data: {
    phoneKey: string;
    /** the portal user matched by the phone when the delivery arrived */
    userId: string | null;
    matchedBy: 'linked-phone' | 'profile-phone' | null;
    messages: DeliveredMessage[];
    receivedAt: string;
  };
};

/**
 * Records the delivery's messages not recorded before, in send order: a retried delivery records
 * nothing. A reply answers the user's message it quotes, else the user's latest message sent
 * before it (or at the same second), else nothing known.
 */
export function decideMessaging(command: MessagingCommand, state: MessagingState): MessagingEvent[] {
  const { phoneKey, userId, matchedBy, receivedAt } = command.data;
  const seen = new Set(state.recorded);
  const inbound = [...state.inbound];
  const events: MessagingEvent[] = [];
  const ordered = [...command.data.messages].sort((a, b) => a.sentAt.localeCompare(b.sentAt) || (a.direction === b.direction ? 0 : a.direction === 'inbound' ? -1 : 1));
  for (const m of ordered) {
    if (seen.has(m.messageId)) continue;
    seen.add(m.messageId);
    const common = {
      platform: 'whatsapp' as const,
      messageId: m.messageId,
      phoneKey,
      userId,
      matchedBy,
      messageType: m.messageType,
      text: m.text,
      quotedMessageId: m.quotedMessageId,
      businessPhoneNumberId: m.businessPhoneNumberId,
      sentAt: m.sentAt,
      receivedAt,
    };
    if (m.direction === 'inbound') {
      inbound.push({ messageId: m.messageId, sentAt: m.sentAt });
      events.push({ type: 'MessagingMessageReceived', data: { ...common, contactName: m.contactName } });
    } else {
      events.push({ type: 'MessagingReplySent', data: { ...common, answersMessageId: answered(inbound, m) } });
    }
  }
  return events;
}

function answered(inbound: readonly { messageId: string; sentAt: string }[], reply: DeliveredMessage): string | null {
  if (reply.quotedMessageId && inbound.some((m) => m.messageId === reply.quotedMessageId)) return reply.quotedMessageId;
  let latest: { messageId: string; sentAt: string } | null = null;
  for (const m of inbound) if (m.sentAt <= reply.sentAt && (!latest || m.sentAt >= latest.sentAt)) latest = m;
  return latest?.messageId ?? null;
}

export function evolveMessaging(state: MessagingState, event: MessagingEvent): MessagingState {
  switch (event.type) {
    case 'MessagingMessageReceived':
      return { recorded: new Set(state.recorded).add(event.data.messageId), inbound: [...state.inbound, { messageId: event.data.messageId, sentAt: event.data.sentAt }] };
    case 'MessagingReplySent':
      return { ...state, recorded: new Set(state.recorded).add(event.data.messageId) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** The decider as StreamWriter runs it (ADR 0009). */
export const messagingDecider = { decide: decideMessaging, evolve: evolveMessaging, initial: initialMessagingState, events: messagingEvents };
export type { MessagingMessageReceived, MessagingReplySent };
