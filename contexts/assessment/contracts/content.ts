/**
 * content/assessment.json: the public surveys and the adaptive-learning track (ADR 0042).
 * Survey questions use the catalogue's question shape; the adaptive track lists catalogue
 * stations (Detail items) whose questions it asks.
 */
import { z } from 'zod';
import { localizedSchema, questionSchema } from '@portal/learning/contracts/pack';

const optionalLocalized = z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() }).partial();

export const surveyDefinitionSchema = z.object({
  surveyId: z.string().regex(/^[a-z0-9][a-z0-9_-]{1,63}$/),
  /** ISO 3166-1 alpha-2, upper case */
  country: z.string().regex(/^[A-Z]{2}$/),
  surveyPath: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
  title: localizedSchema,
  description: optionalLocalized.default({}),
  questions: z.array(questionSchema).min(1),
});
export type SurveyDefinition = z.infer<typeof surveyDefinitionSchema>;

export const assessmentContentSchema = z
  .object({
    version: z.string(),
    adaptiveLearning: z.object({
      title: localizedSchema,
      description: optionalLocalized.default({}),
      /** the detail items, in order: the first accessible one is the active station by default */
      stationIds: z.array(z.string()).default([]),
    }),
    surveys: z.array(surveyDefinitionSchema).default([]),
  })
  .superRefine((c, ctx) => {
    const keys = c.surveys.map((s) => `${s.country}/${s.surveyPath}`);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['surveys'], message: 'duplicate country/surveyPath' });
    const ids = c.surveys.map((s) => s.surveyId);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['surveys'], message: 'duplicate surveyId' });
    c.surveys.forEach((s, i) => {
      const q = s.questions.map((x) => x.questionId);
      if (new Set(q).size !== q.length) ctx.addIssue({ code: 'custom', path: ['surveys', i, 'questions'], message: 'duplicate question id' });
    });
  });
export type AssessmentContent = z.infer<typeof assessmentContentSchema>;
