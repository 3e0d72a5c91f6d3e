import { paths } from '../../../shared/routing/paths';

/** The privacy screens (LGPD rights, issue 31, ADR 0092). */
export const PRIVACY = paths.privacy;
export const PRIVACY_PROCESSING = `${PRIVACY}/processing`;
/** The mailed export link (outside /account so a signed-out visitor comes back here after sign-in). */
export const exportDownloadPath = (requestId: string) => `/privacy/exports/${requestId}`;
export const AUDIT_PRIVACY = '/audit/privacy';
