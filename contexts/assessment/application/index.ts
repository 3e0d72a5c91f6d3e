export { AssessmentModule } from './assessment.module.js';
export { resolveAssessmentFile } from './shared/content.service.js';
