import { v5 as uuidv5 } from 'uuid';

/**
 * The namespace of every name-based (v5) uuid the xAPI export derives (ADR 0074). Fixed for ever:
 * changing it changes every statement id, and an LRS would then store each statement again.
 */
export const XAPI_NAMESPACE = '5a0d165f-c4d5-4622-bf47-52dc1ce26fbd';

/**
 * A statement's id: the v5 uuid of the event id (and of `eventId/part` for a second statement of
 * the same event, the follow-up answer), so every export of the same event sends the same id and
 * an LRS stores it once.
 */
export const statementIdOf = (eventId: string, part?: string): string => uuidv5(part ? `${eventId}/${part}` : eventId, XAPI_NAMESPACE);

/** A registration (xAPI context.registration, a uuid): the v5 uuid of what the learner enrolled in. */
export const registrationOf = (key: string): string => uuidv5(`registration:${key}`, XAPI_NAMESPACE);
