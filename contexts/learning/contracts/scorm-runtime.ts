/**
 * SCORM interactions and objectives (issue 27, ADR 0084 "interactions and objectives"): the
 * per-version shapes of `cmi.interactions.n.*` and `cmi.objectives.n.*` as a package writes them,
 * and the one version-neutral record the commit's `ScormStateSaved` carries and the auditor reads.
 * Shared by the stored events, the learning decider (which validates with these schemas and its
 * per-version limits, domain/scorm-limits.ts) and the auditor's HTTP contract: no stored events here.
 */
import { z } from 'zod';

export type ScormRuntimeVersion = '1.2' | '2004';

/** SCORM 1.2 RTE 3.4.2.7 and SCORM 2004 RTE 4.2.9.1 interaction types. */
export const SCORM_INTERACTION_TYPES = {
  '1.2': ['true-false', 'choice', 'fill-in', 'matching', 'performance', 'sequencing', 'likert', 'numeric'],
  '2004': ['true-false', 'choice', 'fill-in', 'long-fill-in', 'matching', 'performance', 'sequencing', 'likert', 'numeric', 'other'],
} as const;
/** The result vocabulary (or a decimal): 1.2 says `wrong`, 2004 `incorrect`. */
export const SCORM_INTERACTION_RESULTS = {
  '1.2': ['correct', 'wrong', 'unanticipated', 'neutral'],
  '2004': ['correct', 'incorrect', 'unanticipated', 'neutral'],
} as const;
/** 1.2 cmi.objectives.n.status; 2004 success_status and completion_status. */
export const SCORM_OBJECTIVE_STATUSES_12 = ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'] as const;
export const SCORM_SUCCESS_STATUSES = ['passed', 'failed', 'unknown'] as const;
export const SCORM_COMPLETION_STATUSES = ['completed', 'incomplete', 'not attempted', 'unknown'] as const;

const DECIMAL = /^-?\d{1,10}(\.\d{1,7})?$/;
/** 1.2 CMITimespan (HHHH:MM:SS.SS) and CMITime (HH:MM:SS.SS); 2004 ISO 8601 durations and times. */
const TIMESPAN = { '1.2': /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/, '2004': /^P(?=\d|T)(\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/ } as const;
const TIME = { '1.2': /^\d{2}:\d{2}:\d{2}(\.\d{1,2})?$/, '2004': /^\d{4}(-\d{2}(-\d{2}(T\d{2}(:\d{2}(:\d{2}(\.\d{1,2})?)?)?(Z|[+-]\d{2}(:\d{2})?)?)?)?)?$/ } as const;

/** One interaction as the commit carries it (both versions' elements under one set of names; values as the package wrote them). */
export const scormInteractionSchema = z.object({
  /** n of cmi.interactions.n */
  index: z.number().int().nonnegative(),
  id: z.string(),
  type: z.string().nullable(),
  /** 1.2 student_response, 2004 learner_response */
  learnerResponse: z.string().nullable(),
  /** correct, wrong (1.2) / incorrect (2004), unanticipated, neutral, or a number */
  result: z.string().nullable(),
  correctResponses: z.array(z.string()),
  /** 2004 only */
  description: z.string().nullable(),
  latency: z.string().nullable(),
  /** 1.2 time, 2004 timestamp */
  timestamp: z.string().nullable(),
  weighting: z.string().nullable(),
  objectiveIds: z.array(z.string()),
});
export type ScormInteraction = z.infer<typeof scormInteractionSchema>;

/** One objective as the commit carries it. */
export const scormObjectiveSchema = z.object({
  index: z.number().int().nonnegative(),
  id: z.string(),
  /** 1.2 status; 2004 success_status */
  status: z.string().nullable(),
  /** 2004 completion_status (null in 1.2) */
  completion: z.string().nullable(),
  /** 0-100: 2004 score.scaled × 100, else score.raw */
  score: z.number().nullable(),
  /** 2004 only */
  description: z.string().nullable(),
});
export type ScormObjective = z.infer<typeof scormObjectiveSchema>;

/** The longest a flat element may be (the version's limit, domain/scorm-limits.ts), undefined when unbounded. */
export type ElementLimit = (element: string) => number | undefined;

const text = (limit: ElementLimit, element: string) => {
  const max = limit(element);
  return max === undefined ? z.string() : z.string().max(max);
};
const indexed = <T extends z.ZodType>(item: T) => z.record(z.string().regex(/^\d{1,3}$/), item);

/**
 * The elements of one interaction and one objective as a package of `version` writes them
 * (flat `cmi.interactions.n.<path>` grouped by n: `{ id, type, correct_responses: { 0: { pattern } } }`),
 * with the version's vocabularies and formats and the lengths `limit` gives. Unknown elements pass.
 */
export function scormRuntimeSchemas(version: ScormRuntimeVersion, limit: ElementLimit) {
  const n = (path: string) => `cmi.interactions.0.${path}`;
  const words: readonly string[] = SCORM_INTERACTION_RESULTS[version];
  const result = z.string().superRefine((value, ctx) => {
    if (!words.includes(value) && !DECIMAL.test(value)) ctx.addIssue({ code: 'invalid_value', values: [...words], input: value, message: `one of ${words.join(', ')}, or a number` });
  });
  const shared = {
    id: text(limit, n('id')).min(1),
    type: z.enum(SCORM_INTERACTION_TYPES[version]).optional(),
    result: result.optional(),
    weighting: z.string().regex(DECIMAL).optional(),
    latency: z.string().regex(TIMESPAN[version]).optional(),
    objectives: indexed(z.looseObject({ id: text(limit, n('objectives.0.id')) })).optional(),
    correct_responses: indexed(z.looseObject({ pattern: text(limit, n('correct_responses.0.pattern')).optional() })).optional(),
  };
  const interaction =
    version === '1.2'
      ? z.looseObject({ ...shared, student_response: text(limit, n('student_response')).optional(), time: z.string().regex(TIME['1.2']).optional() })
      : z.looseObject({
          ...shared,
          learner_response: text(limit, n('learner_response')).optional(),
          description: text(limit, n('description')).optional(),
          timestamp: z.string().regex(TIME['2004']).optional(),
        });
  const o = (path: string) => `cmi.objectives.0.${path}`;
  const score = z.looseObject({ raw: z.string().regex(DECIMAL).optional(), min: z.string().regex(DECIMAL).optional(), max: z.string().regex(DECIMAL).optional(), scaled: z.string().regex(DECIMAL).optional() });
  const objective =
    version === '1.2'
      ? z.looseObject({ id: text(limit, o('id')).min(1), status: z.enum(SCORM_OBJECTIVE_STATUSES_12).optional(), score: score.optional() })
      : z.looseObject({
          id: text(limit, o('id')).min(1),
          success_status: z.enum(SCORM_SUCCESS_STATUSES).optional(),
          completion_status: z.enum(SCORM_COMPLETION_STATUSES).optional(),
          description: text(limit, o('description')).optional(),
          score: score.optional(),
        });
  return { interaction, objective };
}
