import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the scheduled-events screens (ADR 0009 §8): every query of this feature lives
 * under ['scheduled-events'] and is built by its own queryOptions factories. A write changes an
 * event's counts, lists, attendees and reports at once, so every write invalidates the feature's
 * data (the rotating code has its own timer and is left alone), never another feature's.
 */
export const SCHEDULED_EVENTS_QUERIES = ['scheduled-events'] as const;
export const EVENTS_DATA = [...SCHEDULED_EVENTS_QUERIES, 'data'] as const;
export const EVENTS_CODE = [...SCHEDULED_EVENTS_QUERIES, 'code'] as const;

export const invalidateEventsData = (client: QueryClient): Promise<void> => client.invalidateQueries({ queryKey: EVENTS_DATA });
