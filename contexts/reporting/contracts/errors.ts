/**
 * The reporting context answers only with the kernel's codes (400 with field errors, 401, 403,
 * 404 for an unknown or out-of-scope company); it adds none of its own (ADR 0009 §6, ADR 0053).
 */
export const REPORTING_ERRORS = {} as const;
