import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable, Logger } from '@nestjs/common';
import { assessmentContentSchema, type AssessmentContent, type SurveyDefinition } from '../../contracts/index.js';

/** CONTENT_DIR, else the repository's content/ folder found upwards from this file, else ./content. */
export function resolveAssessmentFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ASSESSMENT_CONTENT_FILE) return resolve(env.ASSESSMENT_CONTENT_FILE);
  if (env.CONTENT_DIR) return join(resolve(env.CONTENT_DIR), 'assessment.json');
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'content', 'assessment.json'))) return join(dir, 'content', 'assessment.json');
    dir = dirname(dir);
  }
  return resolve('content', 'assessment.json');
}

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
    if (!existsSync(file)) {
      this.logger.warn(`${file} not found: no public surveys and no adaptive-learning track`);
      this.content = EMPTY;
      return;
    }
    const parsed = assessmentContentSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    this.content = parsed.data;
  }

  survey(country: string, surveyPath: string): SurveyDefinition | undefined {
    return this.content.surveys.find((s) => s.country === country && s.surveyPath === surveyPath);
  }

  surveysOf(country: string): SurveyDefinition[] {
    return this.content.surveys.filter((s) => s.country === country);
  }
}
