import type { ErrorCode } from '@portal/kernel';

/**
 * Codes the learning context answers. It has no rule of its own that needs a code beyond the
 * kernel's catalogue (000 §8): bad input is `app/bed-request` with `details[]`, a locked entry is
 * `403` with `params.lockMessage`, unknown or retired content is `404`, a missing session `401`.
 * A new learning rule that needs its own code adds it here and registers it in the kernel's catalogue.
 */
export const LEARNING_ERROR_CODES = ['app/bed-request', '401', '403', '404'] as const satisfies readonly ErrorCode[];
export type LearningErrorCode = (typeof LEARNING_ERROR_CODES)[number];
