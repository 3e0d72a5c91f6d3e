/** Release id (000 §9); the SPA compares it to detect a new version (session-expired modal). */
export const APP_VERSION = process.env.APP_VERSION ?? '1.7.124';
