import { registerErrors, type CodesOf, type ErrorCode } from '@portal/kernel';

/**
 * The error codes the identity context answers (ADR 0009 §6). All of them are codes of the specs'
 * catalogue (000 §8, 001 §8), so their status and message live in the kernel's ERROR_CATALOGUE;
 * this list names which of them identity's routes may answer (besides 400 app/bed-request with
 * field errors, 401 and 403 that every route may answer).
 */
export const IDENTITY_ERROR_CODES = [
  'email-already-in-use',
  'invalid-credential',
  'too-many-requests',
  'invalid-user-token',
  'user-not-found',
  'invalid-action-code',
  'expired-action-code',
  'action-already-validated',
  'app/invalid-user-uid',
  'company-invalid',
  'company-domain-already-in-use',
  'reference-item-invalid',
  'app/invalid-whitelist-email',
  'company-email-already-in-use',
  'unable-delete-account',
  'user-disabled',
  'import-too-large',
  'import-column-missing',
  'privacy-legal-hold',
] as const satisfies readonly ErrorCode[];
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/**
 * Codes identity adds to the catalogue (registered when the contracts load): the manager area's
 * companies and reference data (issue 14, ADR 0051).
 */
export const IDENTITY_ERRORS = {
  /** a domain belongs to one company only */
  'company-domain-already-in-use': { status: 400, message: 'This domain already belongs to another company' },
  /** a sub-theme without its theme, a parent in a list that has none, an unknown parent */
  'reference-item-invalid': { status: 400, message: 'The reference item is invalid' },
  /** a user import file over IMPORT_MAX_ROWS rows or IMPORT_MAX_BYTES (ADR 0055) */
  'import-too-large': { status: 413, message: 'The file is too large: at most 10,000 rows and 5 MB' },
  /** a user import file without a column the import needs (e-mail, name; ADR 0082): details name each one (`path` file, `code` the field) */
  'import-column-missing': { status: 400, message: 'A column the import needs is missing from the file' },
  /** an erasure was due but a legal hold (an open audit) on the subject blocks it (ADR 0092) */
  'privacy-legal-hold': { status: 409, message: 'A legal hold on this account blocks its erasure' },
} as const;

declare module '@portal/kernel' {
  interface ContextErrorCodes extends CodesOf<typeof IDENTITY_ERRORS> {}
}

registerErrors(IDENTITY_ERRORS);
