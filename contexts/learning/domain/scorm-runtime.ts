import type { ScormVersion } from '../contracts/events.js';
import { scormRuntimeSchemas, type ScormInteraction, type ScormObjective } from '../contracts/scorm-runtime.js';
import { scormLimitOf } from './scorm-limits.js';

/**
 * A SCO's interactions and objectives (issue 27): the flat `cmi.interactions.n.*` and
 * `cmi.objectives.n.*` elements of its run-time data, grouped by n, checked against the version's
 * shape (vocabularies, formats, the lengths of scorm-limits.ts) and read into the records the
 * commit's ScormStateSaved carries for the auditor.
 */

type Nested = { [key: string]: string | Nested };
export interface RuntimeIssue {
  path: string;
  message: string;
  code: string;
}

const GROUP = /^cmi\.(interactions|objectives)\.(\d{1,3})\.(.+)$/;

/** `{ interactions: { 0: { id, correct_responses: { 0: { pattern } } } }, objectives: {...} }` from the flat keys. */
function grouped(cmi: Record<string, string>): Record<'interactions' | 'objectives', Map<number, Nested>> {
  const out = { interactions: new Map<number, Nested>(), objectives: new Map<number, Nested>() };
  for (const [key, value] of Object.entries(cmi)) {
    const m = GROUP.exec(key);
    if (!m) continue;
    const list = out[m[1] as 'interactions' | 'objectives'];
    const index = Number(m[2]);
    let node = list.get(index) ?? {};
    list.set(index, node);
    const parts = m[3]!.split('.');
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') node = next;
      else node = node[part] = {};
    }
    node[parts.at(-1)!] = value;
  }
  return out;
}

const str = (v: string | Nested | undefined): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
/** `{ 0: { pattern: 'a' }, 1: { pattern: 'b' } }` → ['a', 'b'] in index order. */
const listOf = (v: string | Nested | undefined, field: string): string[] =>
  typeof v === 'object'
    ? Object.entries(v)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, item]) => (typeof item === 'object' ? str(item[field]) : null))
        .filter((x): x is string => x !== null)
    : [];
const num = (v: string | null): number | null => (v !== null && Number.isFinite(Number(v)) ? Number(v) : null);

function interactionOf(version: ScormVersion, index: number, g: Nested): ScormInteraction {
  return {
    index,
    id: str(g.id) ?? '',
    type: str(g.type),
    learnerResponse: str(version === '1.2' ? g.student_response : g.learner_response),
    result: str(g.result),
    correctResponses: listOf(g.correct_responses, 'pattern'),
    description: version === '2004' ? str(g.description) : null,
    latency: str(g.latency),
    timestamp: str(version === '1.2' ? g.time : g.timestamp),
    weighting: str(g.weighting),
    objectiveIds: listOf(g.objectives, 'id'),
  };
}

function objectiveOf(version: ScormVersion, index: number, g: Nested): ScormObjective {
  const score = typeof g.score === 'object' ? g.score : {};
  const scaled = version === '2004' ? num(str(score.scaled)) : null;
  return {
    index,
    id: str(g.id) ?? '',
    status: str(version === '1.2' ? g.status : g.success_status),
    completion: version === '2004' ? str(g.completion_status) : null,
    score: scaled !== null ? Math.round(scaled * 10000) / 100 : num(str(score.raw)),
    description: version === '2004' ? str(g.description) : null,
  };
}

/**
 * The interactions and objectives of `cmi` in the version's shape, and what in it breaks that
 * shape (`cmi.interactions.n.<element>` paths). An entry without an id (a package that has not
 * named it yet) is not read as a record.
 */
export function scormRuntimeOf(version: ScormVersion, cmi: Record<string, string>): { interactions: ScormInteraction[]; objectives: ScormObjective[]; issues: RuntimeIssue[] } {
  const schemas = scormRuntimeSchemas(version, (element) => scormLimitOf(version, element));
  const groups = grouped(cmi);
  const issues: RuntimeIssue[] = [];
  const read = <T>(kind: 'interactions' | 'objectives', schema: (typeof schemas)['interaction'] | (typeof schemas)['objective'], of: (version: ScormVersion, index: number, g: Nested) => T): T[] =>
    [...groups[kind].entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, g]) => str(g.id) !== null)
      .flatMap(([index, g]) => {
        const parsed = schema.safeParse(g);
        if (parsed.success) return [of(version, index, g)];
        for (const issue of parsed.error.issues) {
          issues.push({ path: ['cmi', kind, index, ...issue.path].join('.'), message: `not a SCORM ${version} value: ${issue.message}`, code: issue.code });
        }
        return [];
      });
  return { interactions: read('interactions', schemas.interaction, interactionOf), objectives: read('objectives', schemas.objective, objectiveOf), issues };
}
