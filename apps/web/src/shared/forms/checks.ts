import { isNonEmptyId, isUuid } from '@portal/kernel';

/**
 * Checks of 001 §5 the forms need beside the kernel's (validation-rules.ts: cpf, lettersOnly,
 * notEmpty, shared with the API contracts).
 */

/** uuidNotEmpty: a UUID, and not the all-zero one. */
export const isUuidNotEmpty = (value: string | null | undefined): boolean => isNonEmptyId(value) && isUuid(value);
