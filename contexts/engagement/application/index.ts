export { EngagementModule } from './engagement.module.js';
export { sanitizeNotificationHtml } from './shared/sanitize.js';
export { messagingSignatureOf } from './shared/messaging-signature.js';
export { sampleInboundDelivery, sampleMessageId, sampleReplyDelivery } from './shared/messaging-sample.js';
export { seedDemoExperts, DEMO_EXPERTS } from './seed/demo-experts.js';
