export { EngagementModule } from './engagement.module.js';
export { sanitizeNotificationHtml } from './shared/sanitize.js';
export { messagingSignatureOf } from './shared/messaging-signature.js';
export { sampleInboundDelivery, sampleMessageId, sampleReplyDelivery } from './shared/messaging-sample.js';
export { seedDemoExperts, DEMO_EXPERTS } from './seed/demo-experts.js';
// read in-process by the server-rendered first document (ADR 0090)
export { ListPagesQuery } from './list-pages/list-pages.query.js';
export { GetPageQuery } from './get-page/get-page.query.js';
