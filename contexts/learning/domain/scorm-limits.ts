import type { ScormVersion } from '../contracts/events.js';

/**
 * The data model's smallest permitted maximums (SPM) for the elements the portal stores, per
 * version (issue 27): SCORM 1.2 RTE 3.4 (CMIString255 / CMIString4096) and SCORM 2004 4th edition
 * RTE 4.2 (characterstring / localized_string_type SPMs). A value over its limit is refused, not cut.
 */
const LIMITS: Record<ScormVersion, ReadonlyArray<readonly [RegExp, number]>> = {
  '1.2': [
    [/^cmi\.suspend_data$/, 4096],
    [/^cmi\.launch_data$/, 4096],
    [/^cmi\.comments$/, 4096],
    [/^cmi\.comments_from_lms$/, 4096],
    [/^cmi\.core\.lesson_location$/, 255],
    [/^cmi\.core\.student_name$/, 255],
    [/^cmi\.core\.student_id$/, 255],
    [/^cmi\.objectives\.\d+\.id$/, 255],
    [/^cmi\.interactions\.\d+\.(id|objectives\.\d+\.id)$/, 255],
    [/^cmi\.interactions\.\d+\.(student_response|correct_responses\.\d+\.pattern)$/, 255],
  ],
  '2004': [
    [/^cmi\.suspend_data$/, 64_000],
    [/^cmi\.launch_data$/, 4000],
    [/^cmi\.location$/, 1000],
    [/^cmi\.learner_name$/, 250],
    [/^cmi\.learner_id$/, 4000],
    [/^cmi\.comments_from_(learner|lms)\.\d+\.comment$/, 4000],
    [/^cmi\.comments_from_(learner|lms)\.\d+\.location$/, 250],
    [/^cmi\.objectives\.\d+\.id$/, 4000],
    [/^cmi\.objectives\.\d+\.description$/, 250],
    [/^cmi\.interactions\.\d+\.(id|objectives\.\d+\.id)$/, 4000],
    [/^cmi\.interactions\.\d+\.description$/, 250],
    [/^cmi\.interactions\.\d+\.(learner_response|correct_responses\.\d+\.pattern)$/, 64_000],
  ],
};

/** The elements of `cmi` longer than their version allows, with the limit each one broke. */
export function scormLimitViolations(version: ScormVersion, cmi: Record<string, string>): Array<{ path: string; max: number }> {
  const over: Array<{ path: string; max: number }> = [];
  for (const [key, value] of Object.entries(cmi)) {
    const max = scormLimitOf(version, key);
    if (max !== undefined && value.length > max) over.push({ path: key, max });
  }
  return over;
}

/** The longest `element` (a flat cmi key) may be in `version`; undefined when the portal sets no limit of its own. */
export const scormLimitOf = (version: ScormVersion, element: string): number | undefined => LIMITS[version].find(([pattern]) => pattern.test(element))?.[1];
