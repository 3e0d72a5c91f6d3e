/**
 * Error codes of the auditor's area (ADR 0071), registered in the kernel's catalogue when the
 * contracts load; the SPA shows `errors.{code}`.
 */
import { registerErrors, type CodesOf } from '@portal/kernel';

export const AUDIT_ERRORS = {
  /** one whole-log verification runs at a time per installation */
  'audit-verification-running': { status: 409, message: 'A verification of the whole log is already running' },
  /** the event store is EventStoreDB: no global positions nor checkpoints to audit (ADR 0030) */
  'audit-log-unavailable': { status: 503, message: 'The audit of the log needs the Postgres event store' },
} as const;

declare module '@portal/kernel' {
  interface ContextErrorCodes extends CodesOf<typeof AUDIT_ERRORS> {}
}

registerErrors(AUDIT_ERRORS);
