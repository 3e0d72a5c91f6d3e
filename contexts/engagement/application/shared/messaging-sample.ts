import { randomBytes } from 'node:crypto';
import { WHATSAPP_OBJECT } from '../../contracts/index.js';

/**
 * Sample Cloud API deliveries (ADR 0073), shaped like the platform's: a user's text message
 * (`messages` field, with the sender's profile name) or the business's reply from its app
 * (`smb_message_echoes`). Used by `npm run portal -- messaging simulate` for local demos and by
 * the webhook's tests.
 */
export const SAMPLE_BUSINESS = { phone_number_id: '106540352242922', display_phone_number: '15550783881' };

const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));
/** A platform-like message id (wamid.<base64>). */
export const sampleMessageId = () => `wamid.${randomBytes(24).toString('base64')}`;

const delivery = (field: string, value: Record<string, unknown>) => ({
  object: WHATSAPP_OBJECT,
  entry: [{ id: 'sample-waba', changes: [{ field, value: { messaging_product: 'whatsapp', metadata: SAMPLE_BUSINESS, ...value } }] }],
});

export const sampleInboundDelivery = (m: { id: string; from: string; text: string; at: string; name?: string; quoted?: string }) =>
  delivery('messages', {
    contacts: [{ profile: { name: m.name ?? 'Sample user' }, wa_id: m.from }],
    messages: [{ from: m.from, id: m.id, timestamp: seconds(m.at), type: 'text', text: { body: m.text }, ...(m.quoted ? { context: { from: m.from, id: m.quoted } } : {}) }],
  });

export const sampleReplyDelivery = (m: { id: string; to: string; text: string; at: string }) =>
  delivery('smb_message_echoes', {
    message_echoes: [{ from: SAMPLE_BUSINESS.display_phone_number, to: m.to, id: m.id, timestamp: seconds(m.at), type: 'text', text: { body: m.text } }],
  });
