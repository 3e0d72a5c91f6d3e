/**
 * A scheduled event's definition as stored (events.ts) and as the HTTP contract shows it (http.ts):
 * in a file of its own so that the SPA, which imports the HTTP contract, does not load the stored
 * events' definitions (ADR 0013).
 */
import { z } from 'zod';

/** Everything tc_admin defines about a scheduled event (001 §3), as stored (complete in itself). */
export const storedEventDefinitionSchema = z.object({
  title: z.string(),
  type: z.string(),
  description: z.string(),
  /** local day ("YYYY-MM-DD") and hours ("HH:mm") in `timezone` */
  date: z.string(),
  startHour: z.string(),
  finishHour: z.string(),
  /** IANA zone of the place (default America/Sao_Paulo) */
  timezone: z.string(),
  /** ISO 3166-1 alpha-2: learners of this country see the event (001 §2: the area is Brazil's) */
  country: z.string(),
  /** where it happens (printed in the mails and the calendar invitation) */
  venue: z.string(),
  author: z.string(),
  department: z.string(),
  cluster: z.string(),
  categories: z.array(z.string()),
  /** crop (station) ids; when not empty only learners allowed one of them see the event */
  cultures: z.array(z.string()),
  competenceArea: z.string(),
  region: z.string(),
  brand: z.string(),
  bu: z.string(),
  targetAudience: z.string(),
  estimatedAudience: z.number().nullable(),
  instructor: z.string(),
  /** seats: a hard limit (ADR 0060, booking's guarantee); past it learners join the waiting list */
  vacancies: z.number(),
});
export type ScheduledEventDefinition = z.infer<typeof storedEventDefinitionSchema>;
export const SCHEDULED_EVENT_FIELDS = storedEventDefinitionSchema.keyof().options;
export type ScheduledEventField = (typeof SCHEDULED_EVENT_FIELDS)[number];
