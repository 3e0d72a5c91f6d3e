/**
 * The content pack (content/pack.json): catalogue, questions and certificate rules in three
 * locales, validated on import. Ids are stable: a changed item keeps its id and gets a new revision.
 * The station, question and certificate schemas are also the shapes of the stored catalogue events
 * (events.ts parses them): a stricter rule here is a new event schema version with an upcaster.
 */
import { z } from 'zod';
import { ENTRY_TYPES, ROUTE_AREAS } from './shapes.js';
import { SCORM_EDITIONS } from './scorm-manifest.js';

export { ENTRY_TYPES, ROUTE_AREAS, type EntryType, type RouteArea } from './shapes.js';

export const localizedSchema = z.object({ 'pt-BR': z.string().min(1), es: z.string().min(1), en: z.string().min(1) });
export type Localized = z.infer<typeof localizedSchema>;
const optionalLocalized = z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() }).partial();

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]{1,63}$/, 'lowercase id');

/** An uploaded SCORM package published as an entry: its id (the hash of its files) and the manifest's identity. */
export const uploadedPackageSchema = z.object({
  packageId: z.string().regex(/^[0-9a-f]{16}$/),
  /** the manifest's identifier: the same course uploaded again replaces its entry (a new revision) */
  identifier: z.string(),
  edition: z.enum(SCORM_EDITIONS),
  publishedAt: z.string(),
});
export type UploadedPackage = z.infer<typeof uploadedPackageSchema>;

export const contentEntrySchema = z.object({
  entryId: id,
  type: z.enum(ENTRY_TYPES),
  title: localizedSchema,
  description: optionalLocalized.optional(),
  /** per-locale source; a locale missing here means the content is not in that language */
  src: optionalLocalized,
  /** a file under media/ (16:9) or an https URL */
  thumbSrc: z.string().optional(),
  /** seconds; 0 for documents and links */
  duration: z.number().nonnegative().default(0),
  optional: z.boolean().default(false),
  displayOrder: z.number().int().default(0),
  groupKey: z.string().optional(),
  tags: z.array(z.string()).default([]),
  searchKeywords: optionalLocalized.optional(),
  questionsIds: z.array(id).default([]),
  /** protected media are only served through signed, expiring links */
  protected: z.boolean().default(false),
  /** entries that must be completed first (000 §4.3 lockedEntryIds) */
  requires: z.array(id).default([]),
  /** SCORM only: a fallback; the importer reads the version from the manifest's <schemaversion> (issue 27) */
  scormVersion: z.enum(['1.2', '2004']).optional(),
  /** offered in the notifications sidebar while the learner has not started it (000 §4.6) */
  showInNotification: z.boolean().default(false),
  /**
   * SCORM only: the uploaded package this entry plays (issue 27, ADR 0084 "Upload"), set by the
   * publish step, never written in a pack; a pack import keeps such entries in their station.
   */
  package: uploadedPackageSchema.optional(),
});
export type ContentEntry = z.infer<typeof contentEntrySchema>;

export const stationSchema = z.object({
  stationId: id,
  /** URL segment: /station/{path}, /training/{crop}/{path}, /journey/{training}/{path} */
  path: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/),
  type: z.enum(['Map', 'Detail']),
  /** Detail stations belong to a Map station (a crop or a journey) */
  parent: id.optional(),
  title: localizedSchema,
  description: optionalLocalized.optional(),
  routeArea: z.enum(ROUTE_AREAS).default('default'),
  /** journey menus: trails, competence, library */
  displayCategory: z.enum(['trails', 'competence', 'library', 'crop', 'cast', 'other']).default('other'),
  listingOrder: z.number().int().default(0),
  isActive: z.boolean().default(true),
  isDefault: z.boolean().default(false),
  hideInMap: z.boolean().default(false),
  areas: z.array(z.string()).default(['default']),
  /** countries that see the station (empty: all) */
  countries: z.array(z.string()).default([]),
  /** distribution tags (dist:...): a user needs one of them (or dist:all) */
  aclTags: z.array(z.string()).default([]),
  unavailableMessage: optionalLocalized.optional(),
  thumbSrc: z.string().optional(),
  entries: z.array(contentEntrySchema).default([]),
  questions: z
    .object({
      questionIds: z.array(id).default([]),
      inactive: z.boolean().default(false),
      mandatoryAnswerAll: z.boolean().default(false),
      minCorrectAnswers: z.number().int().nonnegative().default(0),
    })
    .optional(),
  /** station-level unlock handler (000 §3) */
  unlock: z.object({ completedEntryIds: z.array(id).default([]), completedStationIds: z.array(id).default([]) }).optional(),
  initialVideoId: id.optional(),
  /** anonymous visitors (x-guest-id) may open it and record views and media state (000 §6) */
  guestAccess: z.boolean().default(false),
  /** side menu and training header settings (000 §2.5, §2.7) */
  menu: z.object({ icon: z.string().optional(), inOverflowMenu: z.boolean().default(false) }).optional(),
});
export type Station = z.infer<typeof stationSchema>;

export const questionSchema = z.object({
  questionId: id,
  label: localizedSchema,
  enunciations: z.array(localizedSchema).default([]),
  hasScore: z.boolean().default(true),
  showOptionPrefix: z.boolean().default(true),
  hideResult: z.boolean().default(false),
  ignoreScore: z.boolean().default(false),
  allowRetry: z.boolean().default(false),
  postAnswerQuestionId: id.optional(),
  /** the content that teaches this question's topic (adaptive recommendations) */
  teachesEntryIds: z.array(id).default([]),
  options: z
    .array(
      z.object({
        id: id,
        label: localizedSchema,
        prefix: z.string().default(''),
        displayOrder: z.number().int().default(0),
        isCorrect: z.boolean().default(false),
        score: z.number().default(0),
      }),
    )
    .min(2),
});
export type Question = z.infer<typeof questionSchema>;

export const certificateRuleSchema = z.object({
  certificateId: id,
  cropId: id,
  title: localizedSchema,
  stationsRules: z
    .array(z.object({ stationId: id, requiredMedias: z.boolean().default(true), requiredQuestions: z.boolean().default(false), requiredMediaQuestions: z.boolean().default(false) }))
    .min(1),
});
export type CertificateRule = z.infer<typeof certificateRuleSchema>;

export const pagesSchema = z.array(
  z.object({ slug: z.string(), section: z.enum(['br', 'br-articles', 'br-i2x', 'tour', 'ar']), title: localizedSchema, body: localizedSchema }),
);

export const contentPackSchema = z
  .object({
    packVersion: z.string(),
    stations: z.array(stationSchema).min(1),
    questions: z.array(questionSchema).default([]),
    certificates: z.array(certificateRuleSchema).default([]),
    pages: pagesSchema.default([]),
  })
  .superRefine((pack, ctx) => {
    const stationIds = new Set(pack.stations.map((s) => s.stationId));
    const entryIds = new Set(pack.stations.flatMap((s) => s.entries.map((e) => e.entryId)));
    const questionIds = new Set(pack.questions.map((q) => q.questionId));
    pack.stations.forEach((s, i) => {
      if (s.parent && !stationIds.has(s.parent)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'parent'], message: `unknown station ${s.parent}` });
      for (const q of s.questions?.questionIds ?? []) if (!questionIds.has(q)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'questions'], message: `unknown question ${q}` });
      for (const e of s.unlock?.completedEntryIds ?? []) if (!entryIds.has(e)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'unlock'], message: `unknown entry ${e}` });
      for (const st of s.unlock?.completedStationIds ?? []) if (!stationIds.has(st)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'unlock'], message: `unknown station ${st}` });
      s.entries.forEach((e, j) => {
        if (e.package) ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'package'], message: 'set by publishing an uploaded SCORM zip, not in a pack' });
        for (const r of e.requires) if (!entryIds.has(r)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'requires'], message: `unknown entry ${r}` });
        for (const q of e.questionsIds) if (!questionIds.has(q)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'questionsIds'], message: `unknown question ${q}` });
      });
    });
    const seenPaths = new Map<string, number>();
    pack.stations.forEach((s, i) => {
      // /station/{path}, /training/{crop}/{path} and /journey/{training}/{path} resolve by path
      if (seenPaths.has(s.path)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'path'], message: `path ${s.path} already used by station ${pack.stations[seenPaths.get(s.path)!]!.stationId}` });
      else seenPaths.set(s.path, i);
      if (s.parent === s.stationId) ctx.addIssue({ code: 'custom', path: ['stations', i, 'parent'], message: 'a station cannot be its own parent' });
      if (s.type === 'Detail' && s.parent) {
        const parent = pack.stations.find((p) => p.stationId === s.parent);
        if (parent && parent.type !== 'Map') ctx.addIssue({ code: 'custom', path: ['stations', i, 'parent'], message: `parent ${s.parent} is not a Map station` });
      }
      if (s.initialVideoId && !s.entries.some((e) => e.entryId === s.initialVideoId)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'initialVideoId'], message: `unknown entry ${s.initialVideoId} in this station` });
      s.entries.forEach((e, j) => {
        if (Object.keys(e.src).length === 0) ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'src'], message: 'at least one locale needs a source' });
        for (const [locale, src] of Object.entries(e.src)) {
          if (!src || /^https:\/\//.test(src)) {
            if (src && (e.type === 'video' || e.type === 'podcast' || e.type === 'audio' || e.type === 'pdf' || e.type === 'scorm')) {
              ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'src', locale], message: `a ${e.type} entry plays one of our files (media/... or protected/...)` });
            }
            continue;
          }
          // protected files live outside the publicly served media folder (ADR 0024)
          const folder = e.protected ? 'protected/' : 'media/';
          if (!src.startsWith(folder) || src.includes('..')) ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'src', locale], message: `must be an https URL or a file under ${folder}` });
          // the sandboxed content origin serves packages from media/scorm/ only (ADR 0084)
          else if (e.type === 'scorm' && !src.startsWith('media/scorm/')) ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'src', locale], message: 'a SCORM package lives under media/scorm/' });
        }
        if (e.protected && e.type === 'scorm') ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'protected'], message: 'a SCORM package cannot be protected (its pages load each other)' });
        if (e.requires.includes(e.entryId)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'entries', j, 'requires'], message: 'an entry cannot require itself' });
      });
    });
    if (pack.stations.filter((s) => s.isDefault).length > 1) ctx.addIssue({ code: 'custom', path: ['stations'], message: 'more than one default station' });
    pack.certificates.forEach((c, i) => {
      if (!stationIds.has(c.cropId)) ctx.addIssue({ code: 'custom', path: ['certificates', i, 'cropId'], message: `unknown station ${c.cropId}` });
      c.stationsRules.forEach((r, j) => {
        if (!stationIds.has(r.stationId)) ctx.addIssue({ code: 'custom', path: ['certificates', i, 'stationsRules', j, 'stationId'], message: `unknown station ${r.stationId}` });
      });
    });
    for (const q of pack.questions) if (q.postAnswerQuestionId && !questionIds.has(q.postAnswerQuestionId)) ctx.addIssue({ code: 'custom', path: ['questions'], message: `unknown follow-up question ${q.postAnswerQuestionId}` });
    for (const [list, key, label] of [
      [pack.questions, 'questionId', 'question'],
      [pack.certificates, 'certificateId', 'certificate'],
    ] as const) {
      const ids = (list as readonly Record<string, unknown>[]).map((x) => x[key]);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: [label === 'question' ? 'questions' : 'certificates'], message: `duplicate ${label} id` });
    }
    if (new Set(pack.stations.map((s) => s.stationId)).size !== pack.stations.length) ctx.addIssue({ code: 'custom', path: ['stations'], message: 'duplicate station id' });
    if (entryIds.size !== pack.stations.reduce((n, s) => n + s.entries.length, 0)) ctx.addIssue({ code: 'custom', path: ['stations'], message: 'duplicate entry id' });
  });
export type ContentPack = z.infer<typeof contentPackSchema>;
