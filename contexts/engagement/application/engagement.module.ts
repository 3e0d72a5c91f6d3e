import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { engagementRoutes } from '../contracts/index.js';
import { GetPageController } from './get-page/get-page.http.controller.js';
import { GetPageHandler } from './get-page/get-page.query-handler.js';
import { ListNotificationsController } from './list-notifications/list-notifications.http.controller.js';
import { ListNotificationsHandler } from './list-notifications/list-notifications.query-handler.js';
import { ListPagesController } from './list-pages/list-pages.http.controller.js';
import { ListPagesHandler } from './list-pages/list-pages.query-handler.js';
import { ListSupportMessagesController } from './list-support-messages/list-support-messages.http.controller.js';
import { ListSupportMessagesHandler } from './list-support-messages/list-support-messages.query-handler.js';
import { ListUnviewedRowsController } from './list-unviewed-rows/list-unviewed-rows.http.controller.js';
import { ListUnviewedRowsHandler } from './list-unviewed-rows/list-unviewed-rows.query-handler.js';
import { MarkNotificationReadController } from './mark-notification-read/mark-notification-read.http.controller.js';
import { MarkNotificationReadHandler } from './mark-notification-read/mark-notification-read.handler.js';
import { MarkRowsViewedController } from './mark-rows-viewed/mark-rows-viewed.http.controller.js';
import { MarkRowsViewedHandler } from './mark-rows-viewed/mark-rows-viewed.handler.js';
import { PublishNotificationController } from './publish-notification/publish-notification.http.controller.js';
import { PublishNotificationHandler } from './publish-notification/publish-notification.handler.js';
import { RecordUserEventController } from './record-user-event/record-user-event.http.controller.js';
import { RecordUserEventHandler } from './record-user-event/record-user-event.handler.js';
import { SearchCatalogueController } from './search-catalogue/search-catalogue.http.controller.js';
import { SearchCatalogueHandler } from './search-catalogue/search-catalogue.query-handler.js';
import { SendSupportMessageController } from './send-support-message/send-support-message.http.controller.js';
import { SendSupportMessageHandler } from './send-support-message/send-support-message.handler.js';
import { TraceInteractionController } from './trace-interaction/trace-interaction.http.controller.js';
import { TraceInteractionHandler } from './trace-interaction/trace-interaction.handler.js';
import { ReceiveMessagingWebhookController } from './receive-messaging-webhook/receive-messaging-webhook.http.controller.js';
import { ReceiveMessagingWebhookHandler } from './receive-messaging-webhook/receive-messaging-webhook.handler.js';
import { VerifyMessagingWebhookController } from './verify-messaging-webhook/verify-messaging-webhook.http.controller.js';
import { VerifyMessagingWebhookHandler } from './verify-messaging-webhook/verify-messaging-webhook.query-handler.js';
import { ListMessagingConversationsController } from './list-messaging-conversations/list-messaging-conversations.http.controller.js';
import { ListMessagingConversationsHandler } from './list-messaging-conversations/list-messaging-conversations.query-handler.js';
import { MessagingSignatureGuard } from './shared/messaging-signature.guard.js';

import { AskExpertController } from './ask-expert/ask-expert.http.controller.js';
import { AskExpertHandler } from './ask-expert/ask-expert.handler.js';
import { ListExpertThemesController } from './list-expert-themes/list-expert-themes.http.controller.js';
import { ListExpertThemesHandler } from './list-expert-themes/list-expert-themes.query-handler.js';
import { ListMyExpertQuestionsController } from './list-my-expert-questions/list-my-expert-questions.http.controller.js';
import { ListMyExpertQuestionsHandler } from './list-my-expert-questions/list-my-expert-questions.query-handler.js';
import { WithdrawExpertQuestionController } from './withdraw-expert-question/withdraw-expert-question.http.controller.js';
import { WithdrawExpertQuestionHandler } from './withdraw-expert-question/withdraw-expert-question.handler.js';
import { MarkExpertAnswersSeenController } from './mark-expert-answers-seen/mark-expert-answers-seen.http.controller.js';
import { MarkExpertAnswersSeenHandler } from './mark-expert-answers-seen/mark-expert-answers-seen.handler.js';
import { GetExpertMeController } from './get-expert-me/get-expert-me.http.controller.js';
import { GetExpertMeHandler } from './get-expert-me/get-expert-me.query-handler.js';
import { ListExpertQueueController } from './list-expert-queue/list-expert-queue.http.controller.js';
import { ListExpertQueueHandler } from './list-expert-queue/list-expert-queue.query-handler.js';
import { ClaimExpertQuestionController } from './claim-expert-question/claim-expert-question.http.controller.js';
import { ClaimExpertQuestionHandler } from './claim-expert-question/claim-expert-question.handler.js';
import { AnswerExpertQuestionController } from './answer-expert-question/answer-expert-question.http.controller.js';
import { AnswerExpertQuestionHandler } from './answer-expert-question/answer-expert-question.handler.js';
import { ListExpertsController } from './list-experts/list-experts.http.controller.js';
import { ListExpertsHandler } from './list-experts/list-experts.query-handler.js';
import { AssignExpertThemesController } from './assign-expert-themes/assign-expert-themes.http.controller.js';
import { AssignExpertThemesHandler } from './assign-expert-themes/assign-expert-themes.handler.js';
import { ExpertNotices } from './shared/expert-notices.js';

registerRoutes('engagement', engagementRoutes);

/** The learner-facing shell services (ADR 0047): support, notification messages, tracking, search, public pages, the messaging-app webhook (ADR 0073) and ask the expert (ADR 0072); one folder per use case (ADR 0009 §2). */
@Module({
  imports: [CqrsModule],
  controllers: [
    SendSupportMessageController,
    ListSupportMessagesController,
    ListNotificationsController,
    MarkNotificationReadController,
    ListUnviewedRowsController,
    MarkRowsViewedController,
    PublishNotificationController,
    RecordUserEventController,
    TraceInteractionController,
    SearchCatalogueController,
    ListPagesController,
    GetPageController,
    VerifyMessagingWebhookController,
    ReceiveMessagingWebhookController,
    ListMessagingConversationsController,
    // ask the expert (ADR 0072)
    AskExpertController,
    ListExpertThemesController,
    ListMyExpertQuestionsController,
    WithdrawExpertQuestionController,
    MarkExpertAnswersSeenController,
    GetExpertMeController,
    ListExpertQueueController,
    ClaimExpertQuestionController,
    AnswerExpertQuestionController,
    ListExpertsController,
    AssignExpertThemesController,
  ],
  providers: [
    SendSupportMessageHandler,
    ListSupportMessagesHandler,
    ListNotificationsHandler,
    MarkNotificationReadHandler,
    ListUnviewedRowsHandler,
    MarkRowsViewedHandler,
    PublishNotificationHandler,
    RecordUserEventHandler,
    TraceInteractionHandler,
    SearchCatalogueHandler,
    ListPagesHandler,
    GetPageHandler,
    VerifyMessagingWebhookHandler,
    ReceiveMessagingWebhookHandler,
    ListMessagingConversationsHandler,
    MessagingSignatureGuard,
    AskExpertHandler,
    ListExpertThemesHandler,
    ListMyExpertQuestionsHandler,
    WithdrawExpertQuestionHandler,
    MarkExpertAnswersSeenHandler,
    GetExpertMeHandler,
    ListExpertQueueHandler,
    ClaimExpertQuestionHandler,
    AnswerExpertQuestionHandler,
    ListExpertsHandler,
    AssignExpertThemesHandler,
    ExpertNotices,
  ],
})
export class EngagementModule {}
