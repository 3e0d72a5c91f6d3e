import { recommendationsMessageSchema, unseenMessageSchema } from '@portal/assessment/contracts/http';
import { presenceMessageSchema } from '@portal/events/contracts/realtime';
import { z } from 'zod';

/**
 * The realtime stream's messages (apps/api realtime controller): `version` {version} first,
 * then `unseen` {count}, `recommendations` {position, recommendations} and, to a staff check-in
 * screen, `events.presence` {eventId, checkedIn, checkedOut}. Each is parsed;
 * an unreadable one is dropped.
 */
export const versionMessageSchema = z.object({ version: z.string() });

/** `expert.answered` and `expert.queue` (ADR 0072): ask the expert's notices to the learner and the experts. */
export const expertAnsweredMessageSchema = z.object({ questionId: z.string(), title: z.string(), position: z.string() });
export const expertQueueMessageSchema = z.object({ questionId: z.string(), position: z.string() });

export type RealtimeMessage =
  | { type: 'version'; version: string }
  | { type: 'unseen'; count: number }
  | { type: 'recommendations'; position: string }
  | { type: 'events.presence'; eventId: string; checkedIn: number; checkedOut: number }
  | { type: 'expert.answered'; questionId: string; title: string; position: string }
  | { type: 'expert.queue'; questionId: string; position: string };

export const parseRealtimeMessage = (type: string, data: string): RealtimeMessage | null => {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  switch (type) {
    case 'version': {
      const parsed = versionMessageSchema.safeParse(json);
      return parsed.success ? { type: 'version', version: parsed.data.version } : null;
    }
    case 'unseen': {
      const parsed = unseenMessageSchema.safeParse(json);
      return parsed.success ? { type: 'unseen', count: parsed.data.count } : null;
    }
    case 'recommendations': {
      const parsed = recommendationsMessageSchema.safeParse(json);
      return parsed.success ? { type: 'recommendations', position: parsed.data.position } : null;
    }
    case 'events.presence': {
      const parsed = presenceMessageSchema.safeParse(json);
      return parsed.success ? { type: 'events.presence', ...parsed.data } : null;
    }
    case 'expert.answered': {
      const parsed = expertAnsweredMessageSchema.safeParse(json);
      return parsed.success ? { type: 'expert.answered', ...parsed.data } : null;
    }
    case 'expert.queue': {
      const parsed = expertQueueMessageSchema.safeParse(json);
      return parsed.success ? { type: 'expert.queue', ...parsed.data } : null;
    }
    default:
      return null;
  }
};

export const REALTIME_EVENT_TYPES = ['version', 'unseen', 'recommendations', 'events.presence', 'expert.answered', 'expert.queue'] as const;
