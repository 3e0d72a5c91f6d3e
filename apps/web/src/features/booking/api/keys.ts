/**
 * Query keys of the public booking pages (ADR 0009 §8): every query of this feature lives under
 * ['booking'] and is built by its own queryOptions factories; no other feature reads or
 * invalidates them (the staff screens have their own, manager-tc/api/keys.ts).
 */
export const BOOKING_QUERIES = ['booking'] as const;
/** Every availability range of every location (what a new request can change). */
export const AVAILABILITY_QUERIES = [...BOOKING_QUERIES, 'availability'] as const;
