export { AssessmentModule } from './assessment.module.js';
export { resolveAssessmentFile } from './shared/content.service.js';
export { ListSurveysQuery } from './list-surveys/list-surveys.query.js';
export { ViewSurveyQuery } from './view-survey/view-survey.query.js';
