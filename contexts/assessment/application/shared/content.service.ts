import { Injectable, Logger } from '@nestjs/common';
import { readAssessmentContent, resolveAssessmentFile } from '../../contracts/content-file.js';
import type { AssessmentContent, SurveyDefinition } from '../../contracts/index.js';

export { resolveAssessmentFile };

const EMPTY: AssessmentContent = { version: 'none', adaptiveLearning: { title: { 'pt-BR': 'Aprendizado adaptativo', es: 'Aprendizaje adaptativo', en: 'Adaptive learning' }, description: {}, stationIds: [] }, surveys: [] };

/**
 * content/assessment.json (ADR 0042): public surveys and the adaptive-learning track. Read once at
 * start; an invalid file stops the start (a broken survey should not go live silently), a
 * missing one means no surveys and no adaptive track.
 */
@Injectable()
export class AssessmentContentService {
  private readonly logger = new Logger('AssessmentContent');
  readonly content: AssessmentContent;

  constructor() {
    const file = resolveAssessmentFile();
    const content = readAssessmentContent(file);
    if (!content) this.logger.warn(`${file} not found: no public surveys and no adaptive-learning track`);
    this.content = content ?? EMPTY;
  }

  survey(country: string, surveyPath: string): SurveyDefinition | undefined {
    return this.content.surveys.find((s) => s.country === country && s.surveyPath === surveyPath);
  }

  surveysOf(country: string): SurveyDefinition[] {
    return this.content.surveys.filter((s) => s.country === country);
  }
}
