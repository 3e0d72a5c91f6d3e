/**
 * Stored events of the learning context, defined once with zod (ADR 0009 §4): the TypeScript
 * types are inferred from the schemas; projections and process managers parse with these
 * contracts instead of casting. Type names are explicit strings: renaming code never changes
 * stored data; a changed shape gets a new schema version and an upcaster.
 *
 * Streams (architecture §2):
 * - learning.catalogue                          CatalogueImported (one per import that changed something)
 * - learning.station-<stationId>                StationRevised, StationRetired (a station with its entries)
 * - learning.question-<questionId>              QuestionRevised, QuestionRetired
 * - learning.certificate-<certificateId>        CertificateRuleRevised, CertificateRuleRetired
 * - learning.page-<section>-<slug>              PageRevised, PageRetired
 * - learning.progress-<actor>-<stationId>       everything one learner does in one station (actor = user id or guest:<guestId>)
 * - learning.media-link-<linkId>                MediaLinkIssued (one signed download link)
 * - learning.media-links-<actor>-<mediaId>      MediaLinkRevoked (DELETE /watermarkApi/media-protector)
 */
import { LOCALES } from '@portal/kernel';
import { defineEvents, mergeEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { z } from 'zod';
import { certificateRuleSchema, ENTRY_TYPES, questionSchema, stationSchema } from './pack.js';
import { scormInteractionSchema, scormObjectiveSchema } from './scorm-runtime.js';
import { VIEW_TYPES } from './shapes.js';

/** Picks one event type out of a contract's union. */
type One<E extends { type: string }, T extends E['type']> = Extract<E, { type: T }>;

const locale = z.enum(LOCALES);
const entryType = z.enum(ENTRY_TYPES);

// ---------------------------------------------------------------- catalogue

/** A station as stored: the pack's definition plus the sha256 (hex, 16) of each local media file it references. */
export const catalogueStationSchema = stationSchema.extend({
  /** pack-relative file path -> content hash; a changed file changes the station's revision */
  mediaHashes: z.record(z.string(), z.string()),
  /** entry id -> hash of that entry's definition and files (mediaUpdatedAt moves only for changed entries) */
  entryHashes: z.record(z.string(), z.string()),
});
export type CatalogueStation = z.infer<typeof catalogueStationSchema>;

const importChangesSchema = z.object({ stations: z.array(z.string()), questions: z.array(z.string()), certificates: z.array(z.string()), pages: z.array(z.string()) });
export type ImportChanges = z.infer<typeof importChangesSchema>;

const retired = { revision: z.number().int(), packVersion: z.string(), retiredAt: z.string() };
const revised = { revision: z.number().int(), contentHash: z.string(), packVersion: z.string(), revisedAt: z.string() };

const catalogueSchemas = {
  StationRevised: z.object({ stationId: z.string(), ...revised, station: catalogueStationSchema }),
  StationRetired: z.object({ stationId: z.string(), ...retired }),
  QuestionRevised: z.object({ questionId: z.string(), ...revised, question: questionSchema }),
  QuestionRetired: z.object({ questionId: z.string(), ...retired }),
  CertificateRuleRevised: z.object({ certificateId: z.string(), ...revised, rule: certificateRuleSchema }),
  CertificateRuleRetired: z.object({ certificateId: z.string(), ...retired }),
  PageRevised: z.object({
    pageKey: z.string(),
    ...revised,
    page: z.object({ slug: z.string(), section: z.string(), title: z.record(locale, z.string()), body: z.record(locale, z.string()) }),
  }),
  PageRetired: z.object({ pageKey: z.string(), ...retired }),
  /** Recorded only when an import changed at least one item (an unchanged pack writes nothing). */
  CatalogueImported: z.object({
    packVersion: z.string(),
    packHash: z.string(),
    source: z.string(),
    revised: importChangesSchema,
    retired: importChangesSchema,
    /** every live item id after this import (the next import retires what its pack lacks) */
    items: importChangesSchema,
    importedAt: z.string(),
  }),
};
/** The catalogue's items (one stream each) and the import log. */
export const catalogueEvents = defineEvents(catalogueSchemas);
export type CatalogueEvent = EventOf<typeof catalogueSchemas>;
export type StationRevised = One<CatalogueEvent, 'StationRevised'>;
export type StationRetired = One<CatalogueEvent, 'StationRetired'>;
export type QuestionRevised = One<CatalogueEvent, 'QuestionRevised'>;
export type QuestionRetired = One<CatalogueEvent, 'QuestionRetired'>;
export type CertificateRuleRevised = One<CatalogueEvent, 'CertificateRuleRevised'>;
export type CertificateRuleRetired = One<CatalogueEvent, 'CertificateRuleRetired'>;
export type PageRevised = One<CatalogueEvent, 'PageRevised'>;
export type PageRetired = One<CatalogueEvent, 'PageRetired'>;
export type CatalogueImported = One<CatalogueEvent, 'CatalogueImported'>;

export type StationCatalogueEvent = StationRevised | StationRetired;
export type QuestionCatalogueEvent = QuestionRevised | QuestionRetired;
export type CertificateCatalogueEvent = CertificateRuleRevised | CertificateRuleRetired;
export type PageCatalogueEvent = PageRevised | PageRetired;

export const CATALOGUE_EVENT_TYPES: CatalogueEvent['type'][] = catalogueEvents.types;
/** An item's stream (station, question, certificate rule, page) and the import log (`CATALOGUE_STREAM`): their deciders' `events`. */
export const catalogueItemEvents = catalogueEvents.pick(
  'StationRevised',
  'StationRetired',
  'QuestionRevised',
  'QuestionRetired',
  'CertificateRuleRevised',
  'CertificateRuleRetired',
  'PageRevised',
  'PageRetired',
);
export const catalogueImportEvents = catalogueEvents.pick('CatalogueImported');

// ---------------------------------------------------------------- progress (per actor and station)

/** What progress ticks report about a play (000 §4.2); `hide` is the page going away (sendBeacon). */
const progressCause = z.enum(['progress', 'pause', 'seek', 'hide']);
export type ProgressCause = z.infer<typeof progressCause>;
const completionVia = z.enum(['end', 'threshold', 'document', 'scorm']);
export type CompletionVia = z.infer<typeof completionVia>;
const viewType = z.enum(VIEW_TYPES);
export type { ViewType } from './shapes.js';
const scormVersion = z.enum(['1.2', '2004']);
export type ScormVersion = z.infer<typeof scormVersion>;

const progressBase = {
  /** user id or guest:<guestId> */
  actor: z.string(),
  stationId: z.string(),
};
const download = z.object({ ...progressBase, entryId: z.string(), lang: locale, linkId: z.string(), downloadedAt: z.string() });

const progressSchemas = {
  StationVisited: z.object({ ...progressBase, viewType, visitedAt: z.string() }),
  StationFeedbackGiven: z.object({ ...progressBase, score: z.number(), givenAt: z.string() }),
  ContentViewed: z.object({ ...progressBase, entryId: z.string(), entryType, viewedAt: z.string() }),
  /** The first tick of a play session: playCount grows by one per session (000 §4.2). */
  MediaStarted: z.object({ ...progressBase, entryId: z.string(), entryType, playSessionId: z.string(), seconds: z.number(), duration: z.number(), startedAt: z.string() }),
  MediaProgressed: z.object({ ...progressBase, entryId: z.string(), playSessionId: z.string(), seconds: z.number(), duration: z.number(), percent: z.number(), cause: progressCause, at: z.string() }),
  /** End, or percent >= 0.99: percent 1, seconds = duration, completedCount + 1, completedAt set once. */
  MediaCompleted: z.object({ ...progressBase, entryId: z.string(), entryType, playSessionId: z.string().nullable(), duration: z.number(), via: completionVia, completedAt: z.string() }),
  /** Every non-optional entry of the station is complete: videosCompletedAt (once). */
  StationMediaCompleted: z.object({ ...progressBase, entryIds: z.array(z.string()), completedAt: z.string() }),
  BookmarkAdded: z.object({ ...progressBase, entryId: z.string(), bookmarkAt: z.string() }),
  BookmarkRemoved: z.object({ ...progressBase, entryId: z.string(), removedAt: z.string() }),
  ContentFeedbackGiven: z.object({ ...progressBase, entryId: z.string(), score: z.number(), givenAt: z.string() }),
  /** Free player state of one media of an entry (POST /content/media-state), e.g. volume or captions. */
  MediaStateSaved: z.object({ ...progressBase, entryId: z.string(), mediaId: z.string(), data: z.record(z.string(), z.unknown()), savedAt: z.string() }),
  /** The SCORM run-time data (cmi.*) as the package left it; restored on the next launch. */
  ScormStateSaved: z.object({
    ...progressBase,
    entryId: z.string(),
    version: scormVersion,
    /** a multi-SCO package: the SCO (manifest item) whose run-time data `cmi` is; absent for a single-SCO package (issue 27) */
    scoId: z.string().optional(),
    cmi: z.record(z.string(), z.string()),
    /** the course's status: the cmi's, or for a multi-SCO package the roll-up of its SCOs */
    lessonStatus: z.string().nullable(),
    /** the course's score (0-100), whatever the status; absent on events written before issue 27 */
    score: z.number().nullable().optional(),
    /** a SCORM 2004 multi-SCO package: scorm-again's serialized activity tree state (resume, roll-up) */
    sequencing: z.string().optional(),
    /** the SCO's cmi.interactions and cmi.objectives as records, for the auditor; absent when it has none, and on events written before (issue 27) */
    interactions: z.array(scormInteractionSchema).optional(),
    objectives: z.array(scormObjectiveSchema).optional(),
    /**
     * the station's catalogue revision (StationRevised.revision) the attempt plays: its package's
     * files, version and SCOs. The first commit pins it; an attempt stays on it after a new revision
     * (issue 27). Absent on events written before: such an attempt follows the live revision until
     * its next commit pins it.
     */
    revision: z.number().int().positive().optional(),
    savedAt: z.string(),
  }),
  ScormCompleted: z.object({ ...progressBase, entryId: z.string(), version: scormVersion, status: z.enum(['completed', 'passed']), score: z.number().nullable(), completedAt: z.string() }),
  PodcastEpisodeDownloaded: download,
  /** A protected file other than a podcast episode was fetched through a signed link. */
  ProtectedMediaDownloaded: download,
};
/** Everything one learner does in one station (one stream per actor and station). */
export const progressEvents = defineEvents(progressSchemas);
export type ProgressEvent = EventOf<typeof progressSchemas>;
export type StationVisited = One<ProgressEvent, 'StationVisited'>;
export type StationFeedbackGiven = One<ProgressEvent, 'StationFeedbackGiven'>;
export type ContentViewed = One<ProgressEvent, 'ContentViewed'>;
export type MediaStarted = One<ProgressEvent, 'MediaStarted'>;
export type MediaProgressed = One<ProgressEvent, 'MediaProgressed'>;
export type MediaCompleted = One<ProgressEvent, 'MediaCompleted'>;
export type StationMediaCompleted = One<ProgressEvent, 'StationMediaCompleted'>;
export type BookmarkAdded = One<ProgressEvent, 'BookmarkAdded'>;
export type BookmarkRemoved = One<ProgressEvent, 'BookmarkRemoved'>;
export type ContentFeedbackGiven = One<ProgressEvent, 'ContentFeedbackGiven'>;
export type MediaStateSaved = One<ProgressEvent, 'MediaStateSaved'>;
export type ScormStateSaved = One<ProgressEvent, 'ScormStateSaved'>;
export type ScormCompleted = One<ProgressEvent, 'ScormCompleted'>;
export type PodcastEpisodeDownloaded = One<ProgressEvent, 'PodcastEpisodeDownloaded'>;
export type ProtectedMediaDownloaded = One<ProgressEvent, 'ProtectedMediaDownloaded'>;

export const PROGRESS_EVENT_TYPES: ProgressEvent['type'][] = progressEvents.types;

// ---------------------------------------------------------------- protected media links

const mediaLinkSchemas = {
  MediaLinkIssued: z.object({ actor: z.string(), mediaId: z.string(), linkId: z.string(), lang: locale, issuedAt: z.string(), expiresAt: z.string() }),
  /** Every link of this actor and media issued at or before revokedAt stops working. */
  MediaLinkRevoked: z.object({ actor: z.string(), mediaId: z.string(), revokedAt: z.string() }),
};
/** Signed download links (one stream per link) and their revocations (one stream per actor and media). */
export const mediaLinkEvents = defineEvents(mediaLinkSchemas);
export type MediaLinkEvent = EventOf<typeof mediaLinkSchemas>;
export type MediaLinkIssued = One<MediaLinkEvent, 'MediaLinkIssued'>;
export type MediaLinkRevoked = One<MediaLinkEvent, 'MediaLinkRevoked'>;
export const MEDIA_LINK_EVENT_TYPES: MediaLinkEvent['type'][] = mediaLinkEvents.types;

/** Every stored event of the learning context (no shape has changed yet: no upcasters). */
export const learningEvents = mergeEvents(catalogueEvents, progressEvents, mediaLinkEvents);
export type LearningEvent = CatalogueEvent | ProgressEvent | MediaLinkEvent;

// ---------------------------------------------------------------- streams

export const CATALOGUE_STREAM = 'learning.catalogue';
export const stationStream = (stationId: string) => `learning.station-${stationId}`;
export const questionStream = (questionId: string) => `learning.question-${questionId}`;
export const certificateStream = (certificateId: string) => `learning.certificate-${certificateId}`;
export const pageKeyOf = (section: string, slug: string) => `${section}-${slug}`;
export const pageStream = (pageKey: string) => `learning.page-${pageKey}`;
/** actor: a user id or `guest:<guestId>` (kernel actorOf) */
export const progressStream = (actor: string, stationId: string) => `learning.progress-${actor}-${stationId}`;
export const mediaLinkStream = (linkId: string) => `learning.media-link-${linkId}`;
export const mediaLinksStream = (actor: string, mediaId: string) => `learning.media-links-${actor}-${mediaId}`;
