import { SCORM_CMI_MAX_KEYS, SCORM_STATUSES } from '@portal/learning/contracts/http';

export type ScormVersion = '1.2' | '2004';
export type ScormStatus = (typeof SCORM_STATUSES)[number];
export type CmiMap = Record<string, string>;

/** The run-time elements each version names differently. */
export const CMI_KEYS = {
  '1.2': { location: 'cmi.core.lesson_location', status: 'cmi.core.lesson_status', score: 'cmi.core.score.raw', entry: 'cmi.core.entry', sessionTime: 'cmi.core.session_time' },
  '2004': { location: 'cmi.location', status: 'cmi.completion_status', score: 'cmi.score.scaled', entry: 'cmi.entry', sessionTime: 'cmi.session_time' },
} as const;

const ELEMENT = /^(cmi|adl)\.[A-Za-z0-9_.]{1,120}$/;
const MAX_VALUE = 64_000;

/**
 * What is saved on LMSCommit/Commit (POST /user-store/scorm-content/:id): the flattened CMI of
 * scorm-again (getFlattenedCMI), keeping the string elements the contract accepts. Empty values,
 * `_children`/`_count` and the transient session time and entry are not kept: the run-time
 * recomputes them on the next launch.
 */
export const persistableCmi = (version: ScormVersion, flattened: Record<string, unknown>): CmiMap => {
  const skip = new Set<string>([CMI_KEYS[version].sessionTime, CMI_KEYS[version].entry]);
  const out: CmiMap = {};
  for (const [key, value] of Object.entries(flattened)) {
    if (typeof value !== 'string' || value === '' || value.length > MAX_VALUE) continue;
    if (!ELEMENT.test(key) || skip.has(key) || key.endsWith('._children') || key.endsWith('._count')) continue;
    out[key] = value;
    if (Object.keys(out).length >= SCORM_CMI_MAX_KEYS) break;
  }
  return out;
};

/**
 * The CMI to seed scorm-again with (loadFromFlattenedJSON) before the package starts: the saved
 * elements plus `entry` (resume when something was saved, ab-initio on a first launch), so the
 * package finds its location and suspend data where it stopped.
 */
export const restorableCmi = (version: ScormVersion, saved: CmiMap): CmiMap => {
  const kept: CmiMap = {};
  for (const [key, value] of Object.entries(saved)) if (ELEMENT.test(key) && typeof value === 'string') kept[key] = value;
  const resumed = Object.keys(kept).length > 0;
  return { ...kept, [CMI_KEYS[version].entry]: resumed ? 'resume' : 'ab-initio' };
};

const isStatus = (value: string | undefined): value is ScormStatus => value !== undefined && (SCORM_STATUSES as readonly string[]).includes(value);

export interface ScormOutcome {
  status: ScormStatus | null;
  /** 0..100 (1.2 raw; 2004 scaled * 100) */
  score: number | null;
  completed: boolean;
}

/**
 * The lesson status and score to report (POST /scorms/progress): 1.2 lesson_status; 2004
 * success_status when passed or failed, else completion_status. completed or passed completes.
 */
export const scormOutcome = (version: ScormVersion, cmi: CmiMap): ScormOutcome => {
  let status: ScormStatus | null;
  let score: number | null = null;
  if (version === '1.2') {
    const raw = cmi['cmi.core.lesson_status'];
    status = isStatus(raw) ? raw : null;
    const value = Number.parseFloat(cmi['cmi.core.score.raw'] ?? '');
    score = Number.isFinite(value) ? value : null;
  } else {
    const success = cmi['cmi.success_status'];
    const completion = cmi['cmi.completion_status'];
    status = success === 'passed' || success === 'failed' ? success : isStatus(completion) ? completion : null;
    const scaled = Number.parseFloat(cmi['cmi.score.scaled'] ?? '');
    const raw = Number.parseFloat(cmi['cmi.score.raw'] ?? '');
    score = Number.isFinite(scaled) ? scaled * 100 : Number.isFinite(raw) ? raw : null;
    if (status !== 'passed' && completion === 'completed') status = 'completed';
  }
  if (score !== null) score = Math.min(100, Math.max(0, Math.round(score * 100) / 100));
  return { status, score, completed: status === 'completed' || status === 'passed' };
};

/** Whether two snapshots hold the same elements (a commit with nothing new is not saved again). */
export const sameCmi = (a: CmiMap, b: CmiMap): boolean => {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
};

/**
 * The package's launch URL with the learner's language (the demo packages read ?lang=). A launch
 * with a query of its own (the manifest's href and item parameters: `?content=playing`,
 * `?tc=CM-01&act=1`) is left exactly as it is: real packages parse their query themselves.
 */
export const launchUrlWithLang = (url: string, lang: string): string => {
  if (/[?#]/.test(url)) return url;
  return `${url}?${new URLSearchParams({ lang }).toString()}`;
};

/**
 * The launch frame's address on the sandboxed content origin (ADR 0084): our frame page, told
 * which package file to load (the portal's /api/media/scorm/... path becomes /media/scorm/...).
 */
export const sandboxedLaunchUrl = (contentOrigin: string, launchUrl: string, lang: string): string => {
  const sco = launchUrlWithLang(launchUrl, lang).replace(/^\/api\/media\//, '/media/');
  return `${contentOrigin}/_portal/frame.html?sco=${encodeURIComponent(sco)}`;
};
