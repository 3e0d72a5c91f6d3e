/**
 * A support message as stored (`SupportMessageSent`, events.ts) and as listed (http.ts): in a file
 * of its own so that the SPA, which imports the HTTP contract, does not load the stored events'
 * definitions (ADR 0013).
 */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';

export const supportMessageSentSchema = z.object({
  messageId: z.string(),
  registerId: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  context: z.string(),
  origin: z.string(),
  subject: z.string(),
  title: z.string(),
  message: z.string(),
  lang: z.enum(LOCALES),
  sentAt: z.string(),
});
