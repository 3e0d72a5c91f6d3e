import { phoneKeyOf, WHATSAPP_OBJECT, type MessagingWebhook, type WhatsappMessage } from '../../contracts/index.js';
import type { DeliveredMessage } from '../../domain/index.js';

/** Echo types that change or withdraw an earlier message rather than say something: not kept (ADR 0073). */
const NOT_KEPT_ECHOES = new Set(['edit', 'revoke']);

/** The text a report shows for a message: its body, caption, button or list title, or reaction; null for the rest. */
export function textOf(m: WhatsappMessage): string | null {
  return m.text?.body ?? m.image?.caption ?? m.video?.caption ?? m.document?.caption ?? m.button?.text ?? m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title ?? m.reaction?.emoji ?? null;
}

const sentAtOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * A delivery's messages grouped by the user's phone key (one conversation stream each): the
 * inbound messages of `messages` changes and the replies of `smb_message_echoes` changes, in
 * the order delivered. Anything else of the delivery is acknowledged and not kept.
 */
export function deliveredMessages(delivery: MessagingWebhook): Map<string, DeliveredMessage[]> {
  const byPhone = new Map<string, DeliveredMessage[]>();
  const add = (phoneKey: string | null, message: DeliveredMessage) => {
    if (!phoneKey) return;
    byPhone.set(phoneKey, [...(byPhone.get(phoneKey) ?? []), message]);
  };
  if (delivery.object !== WHATSAPP_OBJECT) return byPhone;
  for (const entry of delivery.entry) {
    for (const change of entry.changes) {
      if (change.field === 'messages') {
        const names = new Map((change.value.contacts ?? []).map((c) => [phoneKeyOf(c.wa_id), c.profile?.name ?? null] as const));
        for (const m of change.value.messages ?? []) {
          const phoneKey = phoneKeyOf(m.from);
          add(phoneKey, {
            direction: 'inbound',
            messageId: m.id,
            messageType: m.type,
            text: textOf(m),
            quotedMessageId: m.context?.id ?? null,
            contactName: names.get(phoneKey) ?? null,
            businessPhoneNumberId: change.value.metadata.phone_number_id,
            sentAt: sentAtOf(m.timestamp),
          });
        }
      } else if (change.field === 'smb_message_echoes') {
        for (const m of change.value.message_echoes ?? []) {
          if (NOT_KEPT_ECHOES.has(m.type)) continue;
          add(phoneKeyOf(m.to), {
            direction: 'reply',
            messageId: m.id,
            messageType: m.type,
            text: textOf(m),
            quotedMessageId: m.context?.id ?? null,
            contactName: null,
            businessPhoneNumberId: change.value.metadata.phone_number_id,
            sentAt: sentAtOf(m.timestamp),
          });
        }
      }
    }
  }
  return byPhone;
}
