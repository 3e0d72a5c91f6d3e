import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AssessmentContentService } from '../shared/content.service.js';
import { ListSurveysQuery } from './list-surveys.query.js';

@QueryHandler(ListSurveysQuery)
export class ListSurveysHandler implements IQueryHandler<ListSurveysQuery> {
  constructor(@Inject(AssessmentContentService) private readonly content: AssessmentContentService) {}

  async execute({ country }: ListSurveysQuery) {
    return this.content.surveysOf(country).map((s) => ({ surveyId: s.surveyId, country: s.country, surveyPath: s.surveyPath, title: s.title, description: s.description }));
  }
}
