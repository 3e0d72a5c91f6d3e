export { EngagementModule } from './engagement.module.js';
export { sanitizeNotificationHtml } from './shared/sanitize.js';
export { seedDemoExperts, DEMO_EXPERTS } from './seed/demo-experts.js';
