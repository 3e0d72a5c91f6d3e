import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, EVENT_STORE, registerRoutes, type AppConfig } from '@portal/platform';
import { eventsRoutes } from '../contracts/index.js';
import { AnswerQuizHandler } from './answer-quiz/answer-quiz.handler.js';
import { AnswerQuizController } from './answer-quiz/answer-quiz.http.controller.js';
import { AttachQuizHandler } from './attach-quiz/attach-quiz.handler.js';
import { AttachQuizController } from './attach-quiz/attach-quiz.http.controller.js';
import { ChangeEventStateHandler } from './change-event-state/change-event-state.handler.js';
import { ChangeEventStateController } from './change-event-state/change-event-state.http.controller.js';
import { CreateQuizHandler } from './create-quiz/create-quiz.handler.js';
import { CreateQuizController } from './create-quiz/create-quiz.http.controller.js';
import { CreateScheduledEventHandler } from './create-scheduled-event/create-scheduled-event.handler.js';
import { CreateScheduledEventController } from './create-scheduled-event/create-scheduled-event.http.controller.js';
import { DeleteQuizHandler } from './delete-quiz/delete-quiz.handler.js';
import { DeleteQuizController } from './delete-quiz/delete-quiz.http.controller.js';
import { EnrolHandler } from './enrol/enrol.handler.js';
import { EnrolController } from './enrol/enrol.http.controller.js';
import { EventReportHandler } from './event-report/event-report.query-handler.js';
import { EventReportController } from './event-report/event-report.http.controller.js';
import { GetQuizHandler } from './get-quiz/get-quiz.query-handler.js';
import { GetQuizController } from './get-quiz/get-quiz.http.controller.js';
import { GetRotatingCodeHandler } from './get-rotating-code/get-rotating-code.query-handler.js';
import { GetRotatingCodeController } from './get-rotating-code/get-rotating-code.http.controller.js';
import { GetScheduledEventHandler } from './get-scheduled-event/get-scheduled-event.query-handler.js';
import { GetScheduledEventController } from './get-scheduled-event/get-scheduled-event.http.controller.js';
import { ListAttendeesHandler } from './list-attendees/list-attendees.query-handler.js';
import { ListAttendeesController } from './list-attendees/list-attendees.http.controller.js';
import { ListMyEventsHandler } from './list-my-events/list-my-events.query-handler.js';
import { ListMyEventsController } from './list-my-events/list-my-events.http.controller.js';
import { ListQuizzesHandler } from './list-quizzes/list-quizzes.query-handler.js';
import { ListQuizzesController } from './list-quizzes/list-quizzes.http.controller.js';
import { ListScheduledEventsHandler } from './list-scheduled-events/list-scheduled-events.query-handler.js';
import { ListScheduledEventsController } from './list-scheduled-events/list-scheduled-events.http.controller.js';
import { QuizReportHandler } from './quiz-report/quiz-report.query-handler.js';
import { QuizReportController } from './quiz-report/quiz-report.http.controller.js';
import { ScanCodeHandler } from './scan-code/scan-code.handler.js';
import { ScanCodeController } from './scan-code/scan-code.http.controller.js';
import { ScanTicketsHandler } from './scan-tickets/scan-tickets.handler.js';
import { ScanTicketsController } from './scan-tickets/scan-tickets.http.controller.js';
import { ScheduleQuizHandler } from './schedule-quiz/schedule-quiz.handler.js';
import { ScheduleQuizController } from './schedule-quiz/schedule-quiz.http.controller.js';
import { TakeQuizHandler } from './take-quiz/take-quiz.query-handler.js';
import { TakeQuizController } from './take-quiz/take-quiz.http.controller.js';
import { UpdateQuizHandler } from './update-quiz/update-quiz.handler.js';
import { UpdateQuizController } from './update-quiz/update-quiz.http.controller.js';
import { UpdateScheduledEventHandler } from './update-scheduled-event/update-scheduled-event.handler.js';
import { UpdateScheduledEventController } from './update-scheduled-event/update-scheduled-event.http.controller.js';
import { WithdrawHandler } from './withdraw/withdraw.handler.js';
import { WithdrawController } from './withdraw/withdraw.http.controller.js';
import { DownloadMaterialController } from './download-material/download-material.http.controller.js';
import { DownloadMaterialHandler } from './download-material/download-material.query-handler.js';
import { RemoveMaterialController } from './remove-material/remove-material.http.controller.js';
import { RemoveMaterialHandler } from './remove-material/remove-material.handler.js';
import { UploadMaterialsController } from './upload-materials/upload-materials.http.controller.js';
import { UploadMaterialsHandler } from './upload-materials/upload-materials.handler.js';
import { MaterialStore } from './shared/material-store.js';
import { AuditEventController } from './audit-event/audit-event.http.controller.js';
import { AuditEventHandler } from './audit-event/audit-event.query-handler.js';
import { ScoreOpenAnswerController } from './score-open-answer/score-open-answer.http.controller.js';
import { ScoreOpenAnswerHandler } from './score-open-answer/score-open-answer.handler.js';
import { EventClockProcess } from './clock/event-clock.process.js';
import { EventsAreaGuard } from './shared/access.js';
import { EventCodes } from './shared/codes.js';
import { EventAdmin } from './shared/event-admin.js';
import { EventNotices } from './shared/event-notices.js';
import { EventReads } from './shared/event-reads.js';
import { ScheduledEventWriter } from './shared/event-writer.js';
import { Presence } from './shared/presence.js';
import { PresenceWatchers } from './shared/presence-watchers.js';
import { QuizStore } from './shared/quiz-store.js';

import { ImportEventsController } from './import-events/import-events.http.controller.js';
import { ImportEventsHandler } from './import-events/import-events.handler.js';
import { ImportAttendeesController } from './import-attendees/import-attendees.http.controller.js';
import { ImportAttendeesHandler } from './import-attendees/import-attendees.handler.js';
import { AddAttendeeController } from './add-attendee/add-attendee.http.controller.js';
import { AddAttendeeHandler } from './add-attendee/add-attendee.handler.js';
import { ListOpenAnswersController } from './list-open-answers/list-open-answers.http.controller.js';
import { ListOpenAnswersHandler } from './list-open-answers/list-open-answers.query-handler.js';

registerRoutes('events', eventsRoutes);

/**
 * Scheduled events (issue 15, 001 §1-§9, ADR 0060): training centers plan in-person events,
 * fill their vacancies (booking's seat guarantee), check attendees in and out by QR code, run
 * quizzes and report. One folder per use case (ADR 0009 §2).
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    ImportEventsController,
    ImportAttendeesController,
    AddAttendeeController,
    ListOpenAnswersController,
    ScoreOpenAnswerController,
    AuditEventController,
    UploadMaterialsController,
    RemoveMaterialController,
    DownloadMaterialController,
    AnswerQuizController,
    AttachQuizController,
    ChangeEventStateController,
    CreateQuizController,
    CreateScheduledEventController,
    DeleteQuizController,
    EnrolController,
    EventReportController,
    GetQuizController,
    GetRotatingCodeController,
    GetScheduledEventController,
    ListAttendeesController,
    ListMyEventsController,
    ListQuizzesController,
    ListScheduledEventsController,
    QuizReportController,
    ScanCodeController,
    ScanTicketsController,
    ScheduleQuizController,
    TakeQuizController,
    UpdateQuizController,
    UpdateScheduledEventController,
    WithdrawController,
  ],
  providers: [
    { provide: ScheduledEventWriter, useFactory: (store: EventStore) => new ScheduledEventWriter(store), inject: [EVENT_STORE] },
    { provide: EventCodes, useFactory: (config: AppConfig) => new EventCodes(config.jwtSecret), inject: [APP_CONFIG] },
    EventsAreaGuard,
    EventReads,
    EventAdmin,
    EventNotices,
    PresenceWatchers,
    Presence,
    QuizStore,
    MaterialStore,
    ScoreOpenAnswerHandler,
    ImportEventsHandler,
    ImportAttendeesHandler,
    AddAttendeeHandler,
    ListOpenAnswersHandler,
    AuditEventHandler,
    UploadMaterialsHandler,
    RemoveMaterialHandler,
    DownloadMaterialHandler,
    EventClockProcess,
    AnswerQuizHandler,
    AttachQuizHandler,
    ChangeEventStateHandler,
    CreateQuizHandler,
    CreateScheduledEventHandler,
    DeleteQuizHandler,
    EnrolHandler,
    EventReportHandler,
    GetQuizHandler,
    GetRotatingCodeHandler,
    GetScheduledEventHandler,
    ListAttendeesHandler,
    ListMyEventsHandler,
    ListQuizzesHandler,
    ListScheduledEventsHandler,
    QuizReportHandler,
    ScanCodeHandler,
    ScanTicketsHandler,
    ScheduleQuizHandler,
    TakeQuizHandler,
    UpdateQuizHandler,
    UpdateScheduledEventHandler,
    WithdrawHandler,
  ],
  exports: [EventClockProcess, EventNotices],
})
export class EventsModule {}
