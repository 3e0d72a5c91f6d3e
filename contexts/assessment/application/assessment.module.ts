import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { assessmentRoutes } from '../contracts/index.js';
import { AdaptiveLearningController } from './adaptive-learning/adaptive-learning.http.controller.js';
import { AdaptiveLearningHandler } from './adaptive-learning/adaptive-learning.query-handler.js';
import { AnswerSurveyController } from './answer-survey/answer-survey.http.controller.js';
import { AnswerSurveyHandler } from './answer-survey/answer-survey.handler.js';
import { AuditAnswersController } from './audit-answers/audit-answers.http.controller.js';
import { AuditAnswersHandler } from './audit-answers/audit-answers.query-handler.js';
import { EntryQuestionsController } from './entry-questions/entry-questions.http.controller.js';
import { EntryQuestionsHandler } from './entry-questions/entry-questions.query-handler.js';
import { ListAnswersController } from './list-answers/list-answers.http.controller.js';
import { ListAnswersHandler } from './list-answers/list-answers.query-handler.js';
import { ListRecommendationsController } from './list-recommendations/list-recommendations.http.controller.js';
import { ListRecommendationsHandler } from './list-recommendations/list-recommendations.query-handler.js';
import { ListSurveysController } from './list-surveys/list-surveys.http.controller.js';
import { ListSurveysHandler } from './list-surveys/list-surveys.query-handler.js';
import { NpsQuestionsController } from './nps-questions/nps-questions.http.controller.js';
import { NpsQuestionsHandler } from './nps-questions/nps-questions.query-handler.js';
import { AnswerSheets } from './shared/answer-sheets.js';
import { AssessmentContentService } from './shared/content.service.js';
import { RecommendationsService } from './shared/recommendations.service.js';
import { StationQuestionsController } from './station-questions/station-questions.http.controller.js';
import { StationQuestionsHandler } from './station-questions/station-questions.query-handler.js';
import { SubmitAnswerController } from './submit-answer/submit-answer.http.controller.js';
import { SubmitAnswerHandler } from './submit-answer/submit-answer.handler.js';
import { ViewSurveyController } from './view-survey/view-survey.http.controller.js';
import { ViewSurveyHandler } from './view-survey/view-survey.query-handler.js';
import { VisitRecommendationController } from './visit-recommendation/visit-recommendation.http.controller.js';
import { VisitRecommendationHandler } from './visit-recommendation/visit-recommendation.handler.js';

registerRoutes('assessment', assessmentRoutes);

/** Questions and answers, NPS, public surveys, adaptive learning and recommendations (issue 5); one folder per use case (ADR 0009). */
@Module({
  imports: [CqrsModule],
  controllers: [
    SubmitAnswerController,
    ListAnswersController,
    StationQuestionsController,
    EntryQuestionsController,
    NpsQuestionsController,
    ListSurveysController,
    ViewSurveyController,
    AnswerSurveyController,
    AdaptiveLearningController,
    ListRecommendationsController,
    VisitRecommendationController,
    AuditAnswersController,
  ],
  providers: [
    AnswerSheets,
    AssessmentContentService,
    RecommendationsService,
    SubmitAnswerHandler,
    AnswerSurveyHandler,
    VisitRecommendationHandler,
    ListAnswersHandler,
    StationQuestionsHandler,
    EntryQuestionsHandler,
    NpsQuestionsHandler,
    ListSurveysHandler,
    ViewSurveyHandler,
    AdaptiveLearningHandler,
    ListRecommendationsHandler,
    AuditAnswersHandler,
  ],
})
export class AssessmentModule {}
