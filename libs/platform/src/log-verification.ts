import { fileWitness, publicKeyOf, type LogAudit, type LogVerifyProgress, type LogVerifyResult } from '@portal/eventstore';
import type { AppConfig } from './config.js';

/** Dependency-injection token of the whole-log audit (ADR 0030); its value is null on EventStoreDB. */
export const LOG_AUDIT = Symbol.for('portal.LogAudit');

/** The public keys a verification accepts: the configured signing key's and the retired ones (ADR 0030). */
export const auditTrustedKeys = (config: AppConfig): string[] => [publicKeyOf(config.audit.signingKey), ...config.audit.trustedKeys];

/**
 * `audit verify --all` (ADR 0030): every stream chain and every checkpoint, against the trusted
 * keys and this installation's witness file. The CLI and the auditor's screen (ADR 0071) run this
 * one function; only how they show the progress differs.
 */
export const verifyWholeLog = (logAudit: LogAudit, config: AppConfig, onProgress?: (progress: LogVerifyProgress) => void): Promise<LogVerifyResult> =>
  logAudit.verify({ trustedKeys: auditTrustedKeys(config), witness: fileWitness(config.audit.witnessFile), ...(onProgress ? { onProgress } : {}) });
