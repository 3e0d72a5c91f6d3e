/**
 * The messaging app's HTTP contracts (ADR 0073): the webhook the platform calls (WhatsApp Cloud
 * API payload shape) and the operators' read of the conversations.
 *
 * Of a webhook delivery we read only what we keep: the `messages` field's inbound messages (with
 * the contacts' profile names) and the `smb_message_echoes` field's message echoes (the replies
 * the business sent from its WhatsApp Business app or a linked device). Statuses, other fields and
 * other objects are acknowledged and not kept. Unknown keys are dropped; a part we keep that does
 * not have the platform's shape is a 400 with field errors (the platform retries it, and the log
 * shows which field).
 */
import { z } from 'zod';

/** X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const MESSAGING_SIGNATURE_HEADER = 'x-hub-signature-256';
/** The object every WhatsApp Business Account delivery names. */
export const WHATSAPP_OBJECT = 'whatsapp_business_account';
/** A delivery batches many changes; the platform's own payloads stay far below this. */
export const MESSAGING_WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** A unix time in seconds, as a string (messages) or a number (some echoes). */
const unixSeconds = z.union([z.string().regex(/^[0-9]{1,12}$/, 'unix seconds'), z.number().int().nonnegative()]).transform((v) => Number(v));
const caption = z.object({ caption: z.string().optional() }).optional();

/** One message of the platform (inbound or echo): its id, time, type and the contents we read. */
const platformMessageFields = {
  id: z.string().min(1).max(256),
  timestamp: unixSeconds,
  type: z.string().min(1).max(64),
  text: z.object({ body: z.string() }).optional(),
  image: caption,
  video: caption,
  document: caption,
  button: z.object({ text: z.string().optional() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string().optional() }).optional(),
      list_reply: z.object({ title: z.string().optional() }).optional(),
    })
    .optional(),
  reaction: z.object({ emoji: z.string().optional() }).optional(),
  /** the message this one quotes */
  context: z.object({ id: z.string().optional() }).optional(),
};
/** A phone number as the platform writes it: digits, sometimes with a leading + */
const platformPhone = z.string().regex(/^\+?[0-9]{8,15}$/, 'a phone number with its country code');

export const whatsappInboundMessageSchema = z.object({ from: platformPhone, ...platformMessageFields });
export const whatsappMessageEchoSchema = z.object({ from: z.string(), to: platformPhone, ...platformMessageFields });
export type WhatsappMessage = z.infer<typeof whatsappInboundMessageSchema>;

const metadataSchema = z.object({ phone_number_id: z.string().min(1), display_phone_number: z.string().optional() });
/** The value of a `messages` change: inbound messages and the senders' profiles (statuses are not kept). */
export const whatsappMessagesValueSchema = z.object({
  metadata: metadataSchema,
  contacts: z.array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() })).optional(),
  messages: z.array(whatsappInboundMessageSchema).optional(),
});
/** The value of an `smb_message_echoes` change: what the business sent from its app. */
export const whatsappEchoesValueSchema = z.object({
  metadata: metadataSchema,
  message_echoes: z.array(whatsappMessageEchoSchema).optional(),
});

/** The change fields whose value we read; any other field is acknowledged and ignored. */
export const KEPT_CHANGE_FIELDS = { messages: whatsappMessagesValueSchema, smb_message_echoes: whatsappEchoesValueSchema } as const;

const changeSchema = z.object({ field: z.string(), value: z.unknown() }).transform((change, ctx) => {
  const schema = KEPT_CHANGE_FIELDS[change.field as keyof typeof KEPT_CHANGE_FIELDS];
  if (!schema) return { field: 'ignored' as const };
  const parsed = schema.safeParse(change.value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
    return z.NEVER;
  }
  return change.field === 'messages'
    ? { field: 'messages' as const, value: parsed.data as z.infer<typeof whatsappMessagesValueSchema> }
    : { field: 'smb_message_echoes' as const, value: parsed.data as z.infer<typeof whatsappEchoesValueSchema> };
});

/** A webhook delivery: `{ object, entry: [{ id, changes: [{ field, value }] }] }`. */
export const messagingWebhookSchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ id: z.string().optional(), changes: z.array(changeSchema).default([]) })).default([]),
});
export type MessagingWebhook = z.output<typeof messagingWebhookSchema>;
export const messagingWebhookResponseSchema = z.object({
  /** messages and replies recorded now (a delivery the platform retries records none again) */
  recorded: z.number().int(),
  /** messages and replies of the delivery that were already recorded */
  duplicates: z.number().int(),
});
export type MessagingWebhookResponse = z.infer<typeof messagingWebhookResponseSchema>;

/** The verification handshake: the platform sends these and expects the challenge back as text. */
export const messagingHandshakeQuerySchema = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(256).optional(),
  'hub.challenge': z.string().max(256).optional(),
});
export type MessagingHandshakeQuery = z.infer<typeof messagingHandshakeQuerySchema>;

export const messagingConversationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** one user's phone (any format with the country code) */
  phone: z.string().trim().max(32).optional(),
});
export type MessagingConversationsQuery = z.infer<typeof messagingConversationsQuerySchema>;
/** The latest messages and replies each conversation shows, oldest first. */
export const MESSAGING_CONVERSATION_MESSAGES = 20;
export const messagingEntrySchema = z.object({
  messageId: z.string(),
  direction: z.enum(['inbound', 'reply']),
  messageType: z.string(),
  text: z.string().nullable(),
  sentAt: z.string(),
  /** a reply: the user's message it answers */
  answersMessageId: z.string().nullable(),
});
export const messagingConversationSchema = z.object({
  phoneKey: z.string(),
  contactName: z.string().nullable(),
  /** the portal user the conversation's latest message matched, or null (unmatched) */
  user: z.object({ userId: z.string(), name: z.string().nullable(), email: z.string().nullable(), companyId: z.string().nullable() }).nullable(),
  messages: z.number().int(),
  replies: z.number().int(),
  /** user messages no reply answers yet */
  unanswered: z.number().int(),
  lastMessageAt: z.string(),
  latest: z.array(messagingEntrySchema),
});
export type MessagingConversation = z.infer<typeof messagingConversationSchema>;
export const messagingConversationsResponseSchema = z.object({ total: z.number().int(), items: z.array(messagingConversationSchema) });
export type MessagingConversations = z.infer<typeof messagingConversationsResponseSchema>;

export const messagingRoutes = {
  messagingHandshake: {
    method: 'GET',
    path: '/messaging/webhook',
    query: messagingHandshakeQuerySchema,
    responseType: 'text/plain',
    summary: 'The messaging platform verifies the webhook: answers hub.challenge when hub.verify_token matches (404 when messaging is off)',
    errors: ['403', '404'],
  },
  messagingWebhook: {
    method: 'POST',
    path: '/messaging/webhook',
    body: messagingWebhookSchema,
    response: messagingWebhookResponseSchema,
    bodyLimit: MESSAGING_WEBHOOK_BODY_LIMIT,
    rawBody: true,
    summary: 'The messaging platform delivers inbound messages and the business replies (WhatsApp Cloud API shape), signed with X-Hub-Signature-256 (404 when messaging is off)',
    errors: ['404', 'messaging-signature-missing', 'messaging-signature-invalid'],
  },
  messagingConversations: {
    method: 'GET',
    path: '/messaging/conversations',
    query: messagingConversationsQuerySchema,
    response: messagingConversationsResponseSchema,
    summary: 'Messaging conversations, latest first (manage_whatsapp; a company manager sees the users of their company, unmatched phones need manage_all_companies)',
  },
} as const;
