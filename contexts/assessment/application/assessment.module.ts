import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerRoutes } from '@portal/platform';
import { assessmentRoutes } from '../contracts/index.js';
import { AdaptiveController } from './adaptive/adaptive.http.controller.js';
import { VisitRecommendationHandler } from './adaptive/visit-recommendation.handler.js';
import { AllAnswersController } from './answers/all-answers.http.controller.js';
import { AnswersAuditController } from './audit/answers-audit.http.controller.js';
import { QuestionsController } from './questions/questions.http.controller.js';
import { AnswerSheets } from './shared/answer-sheets.js';
import { AssessmentContentService } from './shared/content.service.js';
import { RecommendationsService } from './shared/recommendations.service.js';
import { SubmitAnswerController } from './submit-answer/submit-answer.http.controller.js';
import { SubmitAnswerHandler } from './submit-answer/submit-answer.handler.js';
import { AnswerSurveyHandler } from './surveys/answer-survey.handler.js';
import { SurveysController } from './surveys/surveys.http.controller.js';

registerRoutes('assessment', assessmentRoutes);

/** Questions and answers, NPS, public surveys, adaptive learning and recommendations (issue 5). */
@Module({
  imports: [CqrsModule],
  controllers: [SubmitAnswerController, AllAnswersController, QuestionsController, SurveysController, AdaptiveController, AnswersAuditController],
  providers: [AnswerSheets, AssessmentContentService, RecommendationsService, SubmitAnswerHandler, AnswerSurveyHandler, VisitRecommendationHandler],
})
export class AssessmentModule {}
