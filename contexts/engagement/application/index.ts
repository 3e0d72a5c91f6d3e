export { EngagementModule } from './engagement.module.js';
export { sanitizeNotificationHtml } from './notifications/sanitize.js';
