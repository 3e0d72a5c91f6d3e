export { EngagementModule } from './engagement.module.js';
export { sanitizeNotificationHtml } from './shared/sanitize.js';
