/** The support inbox (who opens it: shared/session/access canReadSupportInbox, the API's rule for GET /support/messages). */
export const SUPPORT_MESSAGES_PATH = '/manager/support';
