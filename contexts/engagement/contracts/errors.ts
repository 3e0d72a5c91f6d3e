/**
 * The engagement context answers only with the kernel's codes (400 with field errors, 401, 403,
 * 404, app/invalid-user-uid); it adds none of its own (ADR 0009 §6, ADR 0047).
 */
export const ENGAGEMENT_ERRORS = {} as const;
