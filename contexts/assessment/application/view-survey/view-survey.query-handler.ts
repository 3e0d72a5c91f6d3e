import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { actorOf, AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { surveyAnswers } from '@portal/projection-answers';
import { AssessmentContentService } from '../shared/content.service.js';
import { questionView } from '../shared/views.js';
import { ViewSurveyQuery } from './view-survey.query.js';

@QueryHandler(ViewSurveyQuery)
export class ViewSurveyHandler implements IQueryHandler<ViewSurveyQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(AssessmentContentService) private readonly content: AssessmentContentService,
  ) {}

  async execute({ country, surveyPath, request }: ViewSurveyQuery) {
    const survey = this.content.survey(country, surveyPath);
    if (!survey) throw new AppError('404');
    await waitForReads(this.projections, request, ['answers']);
    const answers = await surveyAnswers(this.projections.reader('answers'), survey.surveyId, actorOf(request.principal!));
    const answered = new Set(answers.map((a) => a.questionId));
    const next = survey.questions.find((q) => !answered.has(q.questionId))?.questionId ?? null;
    return {
      surveyId: survey.surveyId,
      country: survey.country,
      surveyPath: survey.surveyPath,
      title: survey.title,
      description: survey.description,
      questions: survey.questions.map((q) => questionView(q, 0)),
      answers,
      nextQuestionId: next,
      completed: next === null,
    };
  }
}
