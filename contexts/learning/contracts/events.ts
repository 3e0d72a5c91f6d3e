/**
 * Stored event shapes of the learning context. Type names are explicit strings: renaming code
 * never changes stored data; a changed shape gets a new schema version and an upcaster.
 * Projections (catalogue, progress, feeds) read events through these types only.
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
import type { Locale } from '@portal/kernel';
import type { CertificateRule, EntryType, Question, Station } from './pack.js';

// ---------------------------------------------------------------- catalogue

/** A station as stored: the pack's definition plus the sha256 (hex, 16) of each local media file it references. */
export type CatalogueStation = Station & {
  /** pack-relative file path -> content hash; a changed file changes the station's revision */
  mediaHashes: Record<string, string>;
  /** entry id -> hash of that entry's definition and files (mediaUpdatedAt moves only for changed entries) */
  entryHashes: Record<string, string>;
};

export interface StationRevised {
  type: 'StationRevised';
  data: { stationId: string; revision: number; contentHash: string; station: CatalogueStation; packVersion: string; revisedAt: string };
}
export interface StationRetired {
  type: 'StationRetired';
  data: { stationId: string; revision: number; packVersion: string; retiredAt: string };
}
export interface QuestionRevised {
  type: 'QuestionRevised';
  data: { questionId: string; revision: number; contentHash: string; question: Question; packVersion: string; revisedAt: string };
}
export interface QuestionRetired {
  type: 'QuestionRetired';
  data: { questionId: string; revision: number; packVersion: string; retiredAt: string };
}
export interface CertificateRuleRevised {
  type: 'CertificateRuleRevised';
  data: { certificateId: string; revision: number; contentHash: string; rule: CertificateRule; packVersion: string; revisedAt: string };
}
export interface CertificateRuleRetired {
  type: 'CertificateRuleRetired';
  data: { certificateId: string; revision: number; packVersion: string; retiredAt: string };
}
export interface PageRevised {
  type: 'PageRevised';
  data: {
    pageKey: string;
    revision: number;
    contentHash: string;
    page: { slug: string; section: string; title: Record<Locale, string>; body: Record<Locale, string> };
    packVersion: string;
    revisedAt: string;
  };
}
export interface PageRetired {
  type: 'PageRetired';
  data: { pageKey: string; revision: number; packVersion: string; retiredAt: string };
}
export interface ImportChanges {
  stations: string[];
  questions: string[];
  certificates: string[];
  pages: string[];
}
/** Recorded only when an import changed at least one item (an unchanged pack writes nothing). */
export interface CatalogueImported {
  type: 'CatalogueImported';
  data: {
    packVersion: string;
    packHash: string;
    source: string;
    revised: ImportChanges;
    retired: ImportChanges;
    /** every live item id after this import (the next import retires what its pack lacks) */
    items: ImportChanges;
    importedAt: string;
  };
}

export type StationCatalogueEvent = StationRevised | StationRetired;
export type QuestionCatalogueEvent = QuestionRevised | QuestionRetired;
export type CertificateCatalogueEvent = CertificateRuleRevised | CertificateRuleRetired;
export type PageCatalogueEvent = PageRevised | PageRetired;
export type CatalogueEvent = StationCatalogueEvent | QuestionCatalogueEvent | CertificateCatalogueEvent | PageCatalogueEvent | CatalogueImported;

export const CATALOGUE_EVENT_TYPES: CatalogueEvent['type'][] = [
  'StationRevised',
  'StationRetired',
  'QuestionRevised',
  'QuestionRetired',
  'CertificateRuleRevised',
  'CertificateRuleRetired',
  'PageRevised',
  'PageRetired',
  'CatalogueImported',
];

// ---------------------------------------------------------------- progress (per actor and station)

/** What progress ticks report about a play (000 §4.2); `hide` is the page going away (sendBeacon). */
export type ProgressCause = 'progress' | 'pause' | 'seek' | 'hide';
export type CompletionVia = 'end' | 'threshold' | 'document' | 'scorm';
export type ViewType = 'map' | 'detail';
export type ScormVersion = '1.2' | '2004';

interface ProgressBase {
  /** user id or guest:<guestId> */
  actor: string;
  stationId: string;
}

export interface StationVisited {
  type: 'StationVisited';
  data: ProgressBase & { viewType: ViewType; visitedAt: string };
}
export interface StationFeedbackGiven {
  type: 'StationFeedbackGiven';
  data: ProgressBase & { score: number; givenAt: string };
}
export interface ContentViewed {
  type: 'ContentViewed';
  data: ProgressBase & { entryId: string; entryType: EntryType; viewedAt: string };
}
/** The first tick of a play session: playCount grows by one per session (000 §4.2). */
export interface MediaStarted {
  type: 'MediaStarted';
  data: ProgressBase & { entryId: string; entryType: EntryType; playSessionId: string; seconds: number; duration: number; startedAt: string };
}
export interface MediaProgressed {
  type: 'MediaProgressed';
  data: ProgressBase & { entryId: string; playSessionId: string; seconds: number; duration: number; percent: number; cause: ProgressCause; at: string };
}
/** End, or percent >= 0.99: percent 1, seconds = duration, completedCount + 1, completedAt set once. */
export interface MediaCompleted {
  type: 'MediaCompleted';
  data: ProgressBase & { entryId: string; entryType: EntryType; playSessionId: string | null; duration: number; via: CompletionVia; completedAt: string };
}
/** Every non-optional entry of the station is complete: videosCompletedAt (once). */
export interface StationMediaCompleted {
  type: 'StationMediaCompleted';
  data: ProgressBase & { entryIds: string[]; completedAt: string };
}
export interface BookmarkAdded {
  type: 'BookmarkAdded';
  data: ProgressBase & { entryId: string; bookmarkAt: string };
}
export interface BookmarkRemoved {
  type: 'BookmarkRemoved';
  data: ProgressBase & { entryId: string; removedAt: string };
}
export interface ContentFeedbackGiven {
  type: 'ContentFeedbackGiven';
  data: ProgressBase & { entryId: string; score: number; givenAt: string };
}
/** Free player state of one media of an entry (POST /content/media-state), e.g. volume or captions. */
export interface MediaStateSaved {
  type: 'MediaStateSaved';
  data: ProgressBase & { entryId: string; mediaId: string; data: Record<string, unknown>; savedAt: string };
}
/** The SCORM run-time data (cmi.*) as the package left it; restored on the next launch. */
export interface ScormStateSaved {
  type: 'ScormStateSaved';
  data: ProgressBase & { entryId: string; version: ScormVersion; cmi: Record<string, string>; lessonStatus: string | null; savedAt: string };
}
export interface ScormCompleted {
  type: 'ScormCompleted';
  data: ProgressBase & { entryId: string; version: ScormVersion; status: 'completed' | 'passed'; score: number | null; completedAt: string };
}
export interface PodcastEpisodeDownloaded {
  type: 'PodcastEpisodeDownloaded';
  data: ProgressBase & { entryId: string; lang: Locale; linkId: string; downloadedAt: string };
}
/** A protected file other than a podcast episode was fetched through a signed link. */
export interface ProtectedMediaDownloaded {
  type: 'ProtectedMediaDownloaded';
  data: ProgressBase & { entryId: string; lang: Locale; linkId: string; downloadedAt: string };
}

export type ProgressEvent =
  | StationVisited
  | StationFeedbackGiven
  | ContentViewed
  | MediaStarted
  | MediaProgressed
  | MediaCompleted
  | StationMediaCompleted
  | BookmarkAdded
  | BookmarkRemoved
  | ContentFeedbackGiven
  | MediaStateSaved
  | ScormStateSaved
  | ScormCompleted
  | PodcastEpisodeDownloaded
  | ProtectedMediaDownloaded;

export const PROGRESS_EVENT_TYPES: ProgressEvent['type'][] = [
  'StationVisited',
  'StationFeedbackGiven',
  'ContentViewed',
  'MediaStarted',
  'MediaProgressed',
  'MediaCompleted',
  'StationMediaCompleted',
  'BookmarkAdded',
  'BookmarkRemoved',
  'ContentFeedbackGiven',
  'MediaStateSaved',
  'ScormStateSaved',
  'ScormCompleted',
  'PodcastEpisodeDownloaded',
  'ProtectedMediaDownloaded',
];

// ---------------------------------------------------------------- protected media links

export interface MediaLinkIssued {
  type: 'MediaLinkIssued';
  data: { actor: string; mediaId: string; linkId: string; lang: Locale; issuedAt: string; expiresAt: string };
}
/** Every link of this actor and media issued at or before revokedAt stops working. */
export interface MediaLinkRevoked {
  type: 'MediaLinkRevoked';
  data: { actor: string; mediaId: string; revokedAt: string };
}
export type MediaLinkEvent = MediaLinkIssued | MediaLinkRevoked;
export const MEDIA_LINK_EVENT_TYPES: MediaLinkEvent['type'][] = ['MediaLinkIssued', 'MediaLinkRevoked'];

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
