import type { Role } from '@portal/kernel';

/** Who may read the received support messages (the API's rule for GET /support/messages). */
export const SUPPORT_READERS: readonly Role[] = ['company_admin', 'tc_admin', 'auditor'];

export const SUPPORT_MESSAGES_PATH = '/manager/support';
