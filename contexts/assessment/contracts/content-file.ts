/**
 * Where content/assessment.json lives and how it is read (ADR 0042, ADR 0083): the assessment
 * context serves its surveys from it, and the auditor (reporting) words a public survey's answer
 * from it. Server code only: it reads the disk, so the contracts barrel does not re-export it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assessmentContentSchema, type AssessmentContent } from './content.js';

/** ASSESSMENT_CONTENT_FILE, else CONTENT_DIR, else the repository's content/ folder found upwards from this file, else ./content. */
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

/** The file parsed, or null when there is none; an invalid file throws (a broken survey should not go live silently). */
export function readAssessmentContent(file: string = resolveAssessmentFile()): AssessmentContent | null {
  if (!existsSync(file)) return null;
  const parsed = assessmentContentSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
