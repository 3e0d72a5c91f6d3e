/**
 * HTTP contracts of the learning context (paths under /api), shared by the API and the SPA.
 * Localized texts come as { 'pt-BR', es, en } objects: the SPA picks the current language, so
 * a language switch needs no refetch; `languages` says in which locales an entry has a source
 * (000 §8 contentLangNotFound banner).
 */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
import { ENTRY_TYPES, ROUTE_AREAS } from './shapes.js';

// ---------------------------------------------------------------- shared pieces

const slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'invalid id');
export const stationIdSchema = slug;
export const entryIdSchema = slug;
const isoTime = z.string();
export const localizedTextSchema = z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() });
export const partialLocalizedSchema = z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() }).partial();
export const localeSchema = z.enum(LOCALES);
export const entryTypeSchema = z.enum(ENTRY_TYPES);
export const routeAreaSchema = z.enum(ROUTE_AREAS);
export const displayCategorySchema = z.enum(['trails', 'competence', 'library', 'crop', 'cast', 'other']);

/** 000 §8 lock messages; `params.minAnswers` goes with minCorrectAnswers. */
export const LOCK_REASONS = ['incompleteContent', 'incompleteQuestions', 'minCorrectAnswers'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];
export const LOCK_MESSAGE_KEYS = {
  incompleteContent: 'lockState.incompleteContentMessage',
  incompleteQuestions: 'lockState.incompleteQuestionsMessage',
  minCorrectAnswers: 'lockState.minCorrectAnswersMessage',
} as const satisfies Record<LockReason, string>;
export const lockStateSchema = z.object({
  locked: z.boolean(),
  reason: z.enum(LOCK_REASONS).nullable(),
  /** translation key of 000 §8 (lockState.*) */
  message: z.enum(['lockState.incompleteContentMessage', 'lockState.incompleteQuestionsMessage', 'lockState.minCorrectAnswersMessage']).nullable(),
  params: z.object({ minAnswers: z.number().int().optional() }),
  /** what is still missing: entries to complete, stations to finish */
  requiredEntryIds: z.array(z.string()),
  requiredStationIds: z.array(z.string()),
});
export type LockState = z.infer<typeof lockStateSchema>;

/** 000 §4.1: initial (tagged new), started (orange), completed (green), disabled (locked; wins). */
export const CONTENT_STATUSES = ['initial', 'started', 'completed', 'disabled'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const contentStatusSchema = z.enum(CONTENT_STATUSES);
export const statusColorSchema = z.enum(['orange', 'green', 'gray']).nullable();

/** 000 §3 entry state (per learner and entry). */
export const entryStateSchema = z.object({
  rowId: z.string(),
  type: entryTypeSchema,
  playCount: z.number().int(),
  completedCount: z.number().int(),
  duration: z.number(),
  /** 0..1 (000 §4.2); 1 once complete or once whole seconds reach duration */
  percent: z.number(),
  seconds: z.number(),
  completedAt: isoTime.nullable(),
  firstPlayAt: isoTime.nullable(),
  lastPlayAt: isoTime.nullable(),
  updatedAt: isoTime.nullable(),
  viewsCount: z.number().int(),
  firstViewAt: isoTime.nullable(),
  lastViewAt: isoTime.nullable(),
  bookmarkAt: isoTime.nullable(),
  feedbackScore: z.number().int().nullable(),
  /** answers by question id (fed by the assessment context; empty until then) */
  answers: z.record(z.string(), z.object({ isCorrect: z.boolean(), answeredAt: isoTime })),
  /** media states saved through /content/media-state, by media id */
  mediaState: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type EntryState = z.infer<typeof entryStateSchema>;

/** 000 §3 station state (per learner and station). */
export const stationStateSchema = z.object({
  stationId: z.string(),
  visitsCount: z.number().int(),
  firstVisitAt: isoTime.nullable(),
  lastVisitAt: isoTime.nullable(),
  viewType: z.enum(['map', 'detail']).nullable(),
  feedbackScore: z.number().int().nullable(),
  videosCompletedAt: isoTime.nullable(),
  videosState: z.record(z.string(), entryStateSchema),
});
export type StationState = z.infer<typeof stationStateSchema>;

/** 000 §4.3 questions progress: null when the config is inactive or the station has no questions. */
export const questionsProgressSchema = z
  .object({
    total: z.number().int(),
    answered: z.number().int(),
    correct: z.number().int(),
    /** complete when all are answered */
    isComplete: z.boolean(),
    /** met unless mandatoryAnswerAll is unmet or correct is below minCorrectAnswers */
    requirementsMet: z.boolean(),
    mandatoryAnswerAll: z.boolean(),
    minCorrectAnswers: z.number().int(),
  })
  .nullable();
export type QuestionsProgress = z.infer<typeof questionsProgressSchema>;

/** Journey and crop progress (000 §4.3): percent = round(completed / total * 100). */
export const progressSummarySchema = z.object({
  completed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  status: z.enum(['not-started', 'in-progress', 'completed']),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

/** 000 §4.3 station crop progress. */
export const cropProgressSchema = z.object({
  isCompleted: z.boolean(),
  mediaCompleted: z.boolean(),
  questionsCompleted: z.boolean(),
  mediaQuestionsCompleted: z.boolean(),
});

export const stationMenuSchema = z.object({
  inactive: z.boolean(),
  displayAreas: z.array(z.string()),
  toLinkOverride: z.string().nullable(),
  inOverflowMenu: z.boolean(),
  displayOrder: z.number().int(),
  icon: z.string().nullable(),
  classNames: z.array(z.string()),
});

/** 000 §3 station summary, for the caller (only allowed and active stations are listed). */
export const stationSummarySchema = z.object({
  id: z.string(),
  stationId: z.string(),
  path: z.string(),
  type: z.enum(['Map', 'Detail']),
  parentId: z.string().nullable(),
  title: localizedTextSchema,
  description: partialLocalizedSchema.nullable(),
  thumbSrc: z.string().nullable(),
  isActive: z.boolean(),
  /** false while locked (lock.locked) or unavailable */
  isEnable: z.boolean(),
  isDefault: z.boolean(),
  isUnavailable: z.boolean(),
  availabilityMessage: partialLocalizedSchema.nullable(),
  routeArea: routeAreaSchema,
  displayCategory: displayCategorySchema,
  listingOrder: z.number().int(),
  areas: z.array(z.string()),
  hideInMap: z.boolean(),
  itemsCount: z.number().int(),
  /** 000 §2.1: the named route the route area picks (/journey/.., /training/.., /station/..) */
  pageTo: z.string(),
  readonly: z.boolean(),
  menu: stationMenuSchema,
  lock: lockStateSchema,
  progress: progressSummarySchema,
  /** the caller has visited it (000 §4.12 "new") */
  visited: z.boolean(),
});
export type StationSummary = z.infer<typeof stationSummarySchema>;

/** A content entry of a station, with the caller's state (000 §3 video/content entry). */
export const contentEntryViewSchema = z.object({
  entryId: z.string(),
  rowId: z.string(),
  stationId: z.string(),
  type: entryTypeSchema,
  title: localizedTextSchema,
  description: partialLocalizedSchema.nullable(),
  /**
   * Per-locale URL (media under /api/media/..., or an external https URL for iframe, iframe-video
   * and link). Empty for protected entries: POST /watermarkApi/media-protector gives a signed link.
   */
  src: partialLocalizedSchema,
  languages: z.array(localeSchema),
  protected: z.boolean(),
  thumbSrc: z.string().nullable(),
  /** seconds; 0 for documents and links */
  duration: z.number(),
  optional: z.boolean(),
  displayOrder: z.number().int(),
  groupKey: z.string().nullable(),
  tags: z.array(z.string()),
  questionsIds: z.array(z.string()),
  scormVersion: z.enum(['1.2', '2004']).nullable(),
  /** entries that must be completed first (lockedEntryIds) */
  requires: z.array(z.string()),
  state: entryStateSchema.nullable(),
  lock: lockStateSchema,
  contentStatus: contentStatusSchema,
  statusColor: statusColorSchema,
  /** 0..100, rounded */
  progress: z.number().int(),
  /** /station/... link with ?video=<entryId>&group=<groupKey>&start=true */
  to: z.string(),
});
export type ContentEntryView = z.infer<typeof contentEntryViewSchema>;

export const certificateStatusSchema = z.object({
  certificateId: z.string(),
  cropId: z.string(),
  title: localizedTextSchema,
  earned: z.boolean(),
  /** stays locked until the material is completed (000 §4.3) */
  locked: z.boolean(),
  rules: z.array(z.object({ stationId: z.string(), requiredMedias: z.boolean(), requiredQuestions: z.boolean(), requiredMediaQuestions: z.boolean(), satisfied: z.boolean() })),
});

/** GET /stations/:stationId: a station with entries, the caller's states, locks and progress. */
export const stationDetailSchema = stationSummarySchema.extend({
  entries: z.array(contentEntryViewSchema),
  state: stationStateSchema,
  questions: z.object({
    questionIds: z.array(z.string()),
    inactive: z.boolean(),
    mandatoryAnswerAll: z.boolean(),
    minCorrectAnswers: z.number().int(),
    progress: questionsProgressSchema,
  }),
  cropProgress: cropProgressSchema,
  initialVideoId: z.string().nullable(),
  parent: stationSummarySchema.nullable(),
  /** Map stations: their Detail stations (sorted by listing order) */
  children: z.array(stationSummarySchema),
  /** Map stations (crops): certificate rules and whether the caller earned them */
  certificates: z.array(certificateStatusSchema),
  guestAccess: z.boolean(),
});
export type StationDetail = z.infer<typeof stationDetailSchema>;

export const stationParamsSchema = z.object({ stationId: stationIdSchema });
export const stationsQuerySchema = z.object({
  /** only stations whose areas include it */
  area: z.string().max(64).optional(),
  routeArea: routeAreaSchema.optional(),
});
export const stationListSchema = z.array(stationSummarySchema);

/** GET /catalogue/route?path=/training/soja/manejo: the SPA's path to stations (000 §2.1). */
export const routeQuerySchema = z.object({
  path: z
    .string()
    .max(300)
    .regex(/^\/(station|training|journey)(\/[A-Za-z0-9_-]+){1,2}\/?$/, 'a /station, /training or /journey path with one or two segments'),
});
export const routeResolutionSchema = z.object({
  area: routeAreaSchema,
  /** the station of the first segment (crop, journey or station) */
  station: stationDetailSchema,
  /** the station of the second segment, when the path has one */
  detail: stationDetailSchema.nullable(),
  /** where the route area says this content lives; replace the URL when it differs */
  canonicalPath: z.string(),
});
export type RouteResolution = z.infer<typeof routeResolutionSchema>;

export const trainingHomeSchema = z.object({ crops: z.array(stationSummarySchema.extend({ certificates: z.array(certificateStatusSchema) })) });
export const journeyHomeSchema = z.object({
  /** 000 §2.6 groups, sorted by listing order; inactive items disabled; the SPA hides empty groups */
  trails: z.array(stationSummarySchema),
  competence: z.array(stationSummarySchema),
  library: z.array(stationSummarySchema),
  /** the ctb_cast station for Brazilian users who have it (/journey/ctb_cast), else null */
  ctbCast: stationSummarySchema.nullable(),
});
export const JOURNEY_LIST_PLAYLISTS = ['all', 'in-progress', 'completed'] as const;
export const journeyListQuerySchema = z.object({ playlist: z.enum(JOURNEY_LIST_PLAYLISTS).default('all') });
export const journeyListSchema = z.array(stationSummarySchema);

// ---------------------------------------------------------------- writes

export const contentParamsSchema = z.object({ contentId: entryIdSchema });
export const mediaStateParamsSchema = z.object({ contentId: entryIdSchema, mediaId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'invalid media id') });
export const MEDIA_STATE_MAX_CHARS = 4096;
export const mediaStateBodySchema = z.object({
  data: z.record(z.string(), z.unknown()).refine((d) => JSON.stringify(d).length <= MEDIA_STATE_MAX_CHARS, { message: `at most ${MEDIA_STATE_MAX_CHARS} characters of JSON` }),
});

export const stationWriteParamsSchema = z.object({ station: stationIdSchema });
export const stationWriteBodySchema = z
  .object({
    /** record a visit (000 §4.2); the SPA marks the visit 500 ms after a save */
    visit: z.boolean().optional(),
    viewType: z.enum(['map', 'detail']).default('detail'),
    feedbackScore: z.number().int().min(1).max(5).optional(),
  })
  .refine((b) => b.visit === true || b.feedbackScore !== undefined, { message: 'send visit: true and/or feedbackScore', path: ['visit'] });
export type StationWriteBody = z.infer<typeof stationWriteBodySchema>;

export const entryWriteParamsSchema = z.object({ station: stationIdSchema, video: entryIdSchema });
const seconds = z.number().finite().min(0).max(86_400);
/** client-generated per play (a uuid is fine); playCount grows once per session */
export const playSessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid play session id');
export const PLAY_EVENTS = ['play', 'progress', 'pause', 'seek', 'hide', 'end'] as const;
export const playTickSchema = z.object({
  event: z.enum(PLAY_EVENTS),
  playSessionId: playSessionIdSchema,
  /** position in seconds; never beyond duration */
  seconds,
  /** the media's duration as the player knows it (0 for documents, links and iframes) */
  duration: seconds,
});
export type PlayTick = z.infer<typeof playTickSchema>;
/** POST /user-store/station/:station/:video */
export const entryWriteBodySchema = z.union([
  playTickSchema,
  z.object({ event: z.literal('bookmark'), value: z.boolean() }),
  z.object({ event: z.literal('feedback'), score: z.number().int().min(1).max(5) }),
]);
export type EntryWriteBody = z.infer<typeof entryWriteBodySchema>;

/** Answer of every progress write: the entry and station state after it. */
export const entryWriteResponseSchema = z.object({
  entry: entryStateSchema,
  station: stationStateSchema.omit({ videosState: true }),
  /** true when this write completed the entry (MediaCompleted) */
  completed: z.boolean(),
});
export type EntryWriteResponse = z.infer<typeof entryWriteResponseSchema>;

/**
 * POST /user-store/beacon: the page-hide tick sent with navigator.sendBeacon, which cannot set
 * headers: the access token travels in the body (never in the URL, which is logged). The body may
 * arrive as text/plain (a string) or application/json.
 */
export const beaconBodySchema = playTickSchema.extend({
  accessToken: z.string().min(10).max(4096),
  station: stationIdSchema,
  video: entryIdSchema,
});
export type BeaconBody = z.infer<typeof beaconBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- feeds (000 §4.12)

export const PLAYLISTS = ['continue', 'bookmarks', 'feedbacks', 'history', 'podcasts', 'new', 'recent'] as const;
export type Playlist = (typeof PLAYLISTS)[number];
/** continue: 8 at a time; feedbacks: 8 (000 §9). Others are unlimited (paged by `limit`). */
export const PLAYLIST_PAGE = { continue: 8, feedbacks: 8 } as const;
/**
 * The playlists of what the learner did (continued, saved, rated, watched). Without an area
 * filter they span every area, so a journey video saved on /journey is in /feed/bookmarks and
 * counted on /home (issue 13); the catalogue's playlists (podcasts, new, recent) keep the
 * default area (ADR 0023).
 */
export const LEARNER_PLAYLISTS: readonly Playlist[] = ['continue', 'bookmarks', 'feedbacks', 'history'];

/** 000 §3 content feed item. */
export const feedItemSchema = z.object({
  rowId: z.string(),
  uid: z.string(),
  hasState: z.boolean(),
  areas: z.array(z.string()),
  contentType: entryTypeSchema,
  /** the root station (crop, journey or station) */
  stationId: z.string(),
  /** the Detail station holding the entry, when the entry is not in the root */
  detailId: z.string().nullable(),
  stationPath: z.string(),
  detailPath: z.string().nullable(),
  entryId: z.string(),
  /** 0..100, rounded */
  progress: z.number().int(),
  contentStatus: contentStatusSchema,
  statusColor: statusColorSchema,
  feedbackScore: z.number().int().nullable(),
  cropTitle: localizedTextSchema.nullable(),
  displayCategory: displayCategorySchema,
  routeArea: routeAreaSchema,
  stationTitle: localizedTextSchema,
  contentTitle: localizedTextSchema,
  videoId: z.string(),
  groupKey: z.string().nullable(),
  showInNotification: z.boolean(),
  mediaUpdatedAt: isoTime,
  uploadDate: isoTime,
  tags: z.array(z.string()),
  thumbSrc: z.string().nullable(),
  completedCount: z.number().int(),
  lastVisitAt: isoTime.nullable(),
  updatedAt: isoTime.nullable(),
  lastPlayAt: isoTime.nullable(),
  bookmarkAt: isoTime.nullable(),
  /** YYYY-MM-DD of the last activity in the requested time zone (history grouping) */
  calendar: z.string().nullable(),
  seconds: z.number(),
  duration: z.number(),
  disabled: z.boolean(),
  disabledMessage: lockStateSchema.shape.message,
  disabledParams: lockStateSchema.shape.params,
  searchKeywords: partialLocalizedSchema.nullable(),
  languages: z.array(localeSchema),
  /** content link: pageTo?video=<entryId>&group=<groupKey>&start=true */
  to: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedParamsSchema = z.object({ playlist: z.enum(PLAYLISTS) });
export const feedQuerySchema = z.object({
  /**
   * content area filter: items whose areas include it; without it the learner's playlists
   * (LEARNER_PLAYLISTS) span every area and the catalogue's keep the default area
   */
  area: z.string().max(64).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** page size; continue and feedbacks are always 8 */
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** IANA time zone for the history calendar grouping (default UTC) */
  tz: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/, 'an IANA time zone')
    .optional(),
});
export const feedPageSchema = z.object({
  playlist: z.enum(PLAYLISTS),
  items: z.array(feedItemSchema),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
  /** history only: items grouped by calendar day, newest day first */
  groups: z.array(z.object({ calendar: z.string(), items: z.array(feedItemSchema) })).nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

export const homeQuerySchema = feedQuerySchema.pick({ area: true, tz: true });
/** GET /home ("My content"): the first page of each playlist plus counts. */
export const homeSchema = z.object({
  continue: feedPageSchema,
  bookmarks: feedPageSchema,
  feedbacks: feedPageSchema,
  history: feedPageSchema,
  podcasts: feedPageSchema,
  new: feedPageSchema,
  recent: feedPageSchema,
  counts: z.object({ completed: z.number().int(), started: z.number().int(), bookmarks: z.number().int(), total: z.number().int() }),
});
export type Home = z.infer<typeof homeSchema>;

// ---------------------------------------------------------------- SCORM

export const SCORM_STATUSES = ['not attempted', 'unknown', 'browsed', 'incomplete', 'completed', 'passed', 'failed'] as const;
export const scormIdParamsSchema = z.object({ scormId: entryIdSchema });
export const scormContentParamsSchema = z.object({ id: entryIdSchema });
export const scormProgressSchema = z.object({
  scormId: z.string(),
  stationId: z.string(),
  version: z.enum(['1.2', '2004']),
  status: z.enum(SCORM_STATUSES).nullable(),
  score: z.number().nullable(),
  completed: z.boolean(),
  completedAt: isoTime.nullable(),
  updatedAt: isoTime.nullable(),
});
export const scormListItemSchema = z.object({
  scormId: z.string(),
  stationId: z.string(),
  title: localizedTextSchema,
  description: partialLocalizedSchema.nullable(),
  thumbSrc: z.string().nullable(),
  version: z.enum(['1.2', '2004']),
  /** per-locale launch page (same origin, so the package reaches the player's API object) */
  launchUrl: partialLocalizedSchema,
  languages: z.array(localeSchema),
  lock: lockStateSchema,
  progress: scormProgressSchema,
});
export const scormListSchema = z.array(scormListItemSchema);
export const scormProgressBodySchema = z.object({
  scormId: entryIdSchema,
  status: z.enum(SCORM_STATUSES),
  /** raw score 0..100 (1.2 cmi.core.score.raw; 2004 cmi.score.scaled * 100) */
  score: z.number().min(0).max(100).nullable().optional(),
});
export const SCORM_CMI_MAX_KEYS = 500;
export const scormCmiSchema = z
  .record(z.string().regex(/^(cmi|adl)\.[A-Za-z0-9_.]{1,120}$/, 'a cmi.* or adl.* element'), z.string().max(64_000))
  .refine((cmi) => Object.keys(cmi).length <= SCORM_CMI_MAX_KEYS, { message: `at most ${SCORM_CMI_MAX_KEYS} elements` });
/** What scorm-again's sequencing rolled up to the course (the organization's root activity), issue 27. */
export const scormRollupSchema = z.object({
  completion: z.enum(['completed', 'incomplete', 'not attempted', 'unknown']),
  success: z.enum(['passed', 'failed', 'unknown']),
  /** the root's normalized measure * 100 */
  score: z.number().min(-100).max(100).nullable(),
});
export const SCORM_SEQUENCING_MAX = 256_000;
export const scormContentBodySchema = z.object({
  cmi: scormCmiSchema,
  /** a multi-SCO package: the SCO whose run-time data this is (a manifest item's identifier) */
  scoId: z.string().min(1).max(200).optional(),
  /** SCORM 2004 multi-SCO: the course's roll-up by scorm-again's sequencing */
  rollup: scormRollupSchema.optional(),
  /** SCORM 2004 multi-SCO: scorm-again's serialized sequencing state (serializeSequencingState) */
  sequencing: z.string().max(SCORM_SEQUENCING_MAX).optional(),
  /** the station revision the player was given (the resume's `revision`): the attempt stays on it (issue 27) */
  revision: z.number().int().positive().optional(),
});
export const scormContentQuerySchema = z.object({ lang: localeSchema.optional() });
/** One SCO of a multi-SCO package, with its launch address (a /api/media/scorm/... path like launchUrl). */
export const scormPackageScoSchema = z.object({
  id: z.string(),
  title: z.string(),
  launchUrl: z.string(),
  masteryScore: z.number().nullable(),
  dataFromLms: z.string().nullable(),
  /** an `asset` never calls the API: the player counts it completed once launched (issue 27) */
  scormType: z.enum(['sco', 'asset']).default('sco'),
});
export interface ScormPackageTocNode {
  id: string;
  title: string;
  scoId: string | null;
  isVisible: boolean;
  children: ScormPackageTocNode[];
}
const scormTocSchema: z.ZodType<ScormPackageTocNode> = z.lazy(() =>
  z.object({ id: z.string(), title: z.string(), scoId: z.string().nullable(), isVisible: z.boolean(), children: z.array(scormTocSchema) }),
);
/** A package of several SCOs as its manifest describes it: the player's table of contents and sequencing. */
export const scormPackageSchema = z.object({
  title: z.string(),
  edition: z.enum(['1.2', '2004-2nd', '2004-3rd', '2004-4th']),
  toc: z.array(scormTocSchema),
  scos: z.array(scormPackageScoSchema),
  /** 2004: scorm-again's sequencing settings ({ activityTree }), null for 1.2 */
  sequencing: z.record(z.string(), z.unknown()).nullable(),
});
export const scormContentSchema = z.object({
  scormId: z.string(),
  version: z.enum(['1.2', '2004']),
  /** empty on the first launch */
  cmi: z.record(z.string(), z.string()),
  savedAt: isoTime.nullable(),
  progress: scormProgressSchema,
  /** a package of several SCOs (null for one SCO): what the player plays */
  package: scormPackageSchema.nullable().default(null),
  /** each SCO's own run-time data, by SCO id */
  scos: z.record(z.string(), z.object({ cmi: z.record(z.string(), z.string()), savedAt: isoTime.nullable() })).default({}),
  /** the last SCO whose data was saved, and the saved sequencing state (2004) */
  currentScoId: z.string().nullable().default(null),
  sequencing: z.string().nullable().default(null),
  /**
   * the station revision this attempt plays (issue 27): the one its first commit was played on, or
   * the live one for an attempt not begun. The player sends it back with each commit.
   */
  revision: z.number().int().positive().nullable().default(null),
  /** that revision's launch address in the asked language (a single-SCO package plays it; null on a commit's answer) */
  launchUrl: z.string().nullable().default(null),
});

/** Where the player frames SCORM packages (ADR 0084): the sandboxed content origin, null when this install has none. */
export const scormPlayerSchema = z.object({ contentOrigin: z.string().nullable() });

// ---------------------------------------------------------------- protected media

export const mediaProtectorBodySchema = z.object({ mediaId: entryIdSchema, lang: localeSchema.optional() });
export const mediaProtectorResponseSchema = z.object({
  /** opaque; /api/download/{hash} serves the file until expiresAt or a DELETE */
  hash: z.string(),
  mediaId: z.string(),
  url: z.string(),
  expiresAt: isoTime,
});
export const mediaProtectorParamsSchema = z.object({ mediaId: entryIdSchema });
export const downloadParamsSchema = z.object({ hash: z.string().regex(/^[A-Za-z0-9_-]{48}$/, 'invalid link') });
export const mediaLinkRevokedSchema = z.object({ ok: z.literal(true), revokedAt: isoTime });

// ---------------------------------------------------------------- routes

/** HTTP routes of this context (paths under /api). */
export const learningRoutes = {
  stations: { method: 'GET', path: '/stations', query: stationsQuerySchema, response: stationListSchema, summary: "The caller's allowed, active stations (000 §3 station summary); unavailable ones carry their message" },
  station: { method: 'GET', path: '/stations/:stationId', params: stationParamsSchema, response: stationDetailSchema, summary: "A station with its entries, the caller's states, locks and progress; children for Map stations" },
  route: { method: 'GET', path: '/catalogue/route', query: routeQuerySchema, response: routeResolutionSchema, summary: 'Resolve /station/.., /training/.. and /journey/.. paths (000 §2.1) to stations', errors: ['404'] },
  training: { method: 'GET', path: '/training', response: trainingHomeSchema, summary: 'Training area: the crops (Map stations of route area training) with progress and certificates' },
  journey: { method: 'GET', path: '/journey', response: journeyHomeSchema, summary: 'Journey home: trails, competence and library groups, and ctb_cast for Brazil' },
  journeyList: { method: 'GET', path: '/journey/list', query: journeyListQuerySchema, response: journeyListSchema, summary: "My training: the caller's journeys by status" },
  contentView: { method: 'POST', path: '/content/view/:contentId', params: contentParamsSchema, response: entryStateSchema, summary: 'Record a view of an entry (user or guest)' },
  mediaState: { method: 'POST', path: '/content/media-state/:contentId/:mediaId', params: mediaStateParamsSchema, body: mediaStateBodySchema, response: okSchema, summary: "Save a media's player state (user or guest)" },
  stationWrite: { method: 'POST', path: '/user-store/station/:station', params: stationWriteParamsSchema, body: stationWriteBodySchema, response: stationStateSchema.omit({ videosState: true }), summary: 'Record a station visit and/or the station feedback score' },
  entryWrite: { method: 'POST', path: '/user-store/station/:station/:video', params: entryWriteParamsSchema, body: entryWriteBodySchema, response: entryWriteResponseSchema, summary: 'Progress of an entry: play, progress, pause, seek, end, hide; bookmark; feedback' },
  beacon: { method: 'POST', path: '/user-store/beacon', body: beaconBodySchema, summary: 'Page-hide progress tick by navigator.sendBeacon (token in the body); answers 204', errors: ['401', 'invalid-user-token', 'id-token-expired', '403'] },
  feed: { method: 'GET', path: '/feed/:playlist', params: feedParamsSchema, query: feedQuerySchema, response: feedPageSchema, summary: 'Content playlists of 000 §4.12 with their limits and orderings' },
  home: { method: 'GET', path: '/home', query: homeQuerySchema, response: homeSchema, summary: 'My content: the first page of every playlist' },
  scorms: { method: 'GET', path: '/scorms', response: scormListSchema, summary: "SCORM courses the caller may open, with the caller's progress" },
  scormProgress: { method: 'GET', path: '/scorms/progress/:scormId', params: scormIdParamsSchema, response: scormProgressSchema, summary: "The caller's progress in one SCORM course" },
  scormProgressWrite: { method: 'POST', path: '/scorms/progress', body: scormProgressBodySchema, response: scormProgressSchema, summary: 'Report SCORM lesson status (completed or passed completes the entry)', errors: ['404'] },
  scormContent: { method: 'GET', path: '/user-store/scorm-content/:id', params: scormContentParamsSchema, query: scormContentQuerySchema, response: scormContentSchema, summary: 'The saved SCORM run-time data, to resume where the learner stopped' },
  scormPlayer: { method: 'GET', path: '/scorms/player', response: scormPlayerSchema, summary: 'The sandboxed content origin SCORM packages are framed from (ADR 0084)' },
  scormContentWrite: { method: 'POST', path: '/user-store/scorm-content/:id', params: scormContentParamsSchema, body: scormContentBodySchema, response: scormContentSchema, bodyLimit: 1024 * 1024, summary: 'Save the SCORM run-time data (LMSCommit / Commit)' },
  mediaProtect: { method: 'POST', path: '/watermarkApi/media-protector', body: mediaProtectorBodySchema, response: mediaProtectorResponseSchema, summary: 'A signed, expiring link to a protected file', errors: ['404'] },
  mediaUnprotect: { method: 'DELETE', path: '/watermarkApi/media-protector/:mediaId', params: mediaProtectorParamsSchema, response: mediaLinkRevokedSchema, summary: "Revoke the caller's links to a protected file" },
  download: { method: 'GET', path: '/download/:hash', params: downloadParamsSchema, summary: 'Serve a protected file through a valid signed link (records PodcastEpisodeDownloaded for podcasts)', errors: ['403'], responseType: 'application/octet-stream' },
  media: { method: 'GET', path: '/media/*', summary: 'Unprotected content files (thumbnails, video, audio, pdf; SCORM packages are served by the content origin only, ADR 0084); ?v=<hash> URLs are immutable; Range supported', responseType: 'application/octet-stream' },
} as const;
