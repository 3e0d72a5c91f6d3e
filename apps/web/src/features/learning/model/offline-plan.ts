import type { Locale } from '@portal/kernel';
import { assessmentRoutes } from '@portal/assessment/contracts/http';
import { identityRoutes } from '@portal/identity/contracts/http';
import { learningRoutes, type ContentEntryView, type RouteResolution, type StationDetail } from '@portal/learning/contracts/http';
import { routeUrl } from '../../../shared/api/client';
import { scoPath } from '../../../shared/offline/content-frame';
import type { OfflinePlan } from '../../../shared/offline/save-offline';
import { chooseSource } from './localized';

/**
 * What "available offline" downloads for a station, a crop or a journey (issue 30, ADR 0094): the
 * catalogue slice the screens read (the path's resolution, each station), the learner's questions
 * (the learner's own question sets carry no correct answer for a question not answered, ADR 0041),
 * the profile, the thumbnails and the media files (video, audio, pdf) in the learner's language.
 * Protected media (000 §7) are left out: they are served only through a signed, watermarked,
 * expiring link (ADR 0094). SCORM courses are framed from the content origin (ADR 0084): the
 * resume read is saved here, and each SCO's package is saved by the content origin itself
 * (`plan.scorm`, shared/offline/content-frame.ts); without a content origin they are left out,
 * named in `skipped`.
 */

const api = (path: string) => `/api${path}`;
/** The entry types whose file the portal serves (iframes and links are other sites: not saved). */
const FILE_TYPES = new Set<ContentEntryView['type']>(['video', 'audio', 'pdf', 'podcast']);
const isPortalFile = (url: string | null | undefined): url is string => typeof url === 'string' && url.startsWith('/api/media/');

/** The files and API reads of one station's entries. */
const entryParts = (entry: ContentEntryView, locale: Locale, contentOrigin: string | null): { files: string[]; api: string[]; skipped: string | null; sco: string | null } => {
  const files: string[] = [];
  const reads: string[] = [];
  if (isPortalFile(entry.thumbSrc)) files.push(entry.thumbSrc);
  if (entry.questionsIds.length > 0) reads.push(api(routeUrl(assessmentRoutes.entryQuestions.path, { entryId: entry.entryId })));
  if (entry.protected) return { files, api: reads, skipped: entry.entryId, sco: null };
  const { src, lang } = chooseSource(entry, locale);
  if (entry.type === 'scorm') {
    if (!contentOrigin || !isPortalFile(src)) return { files, api: reads, skipped: entry.entryId, sco: null };
    // the resume read as the player asks for it (its language), and the package by the content origin
    reads.push(api(routeUrl(learningRoutes.scormContent.path, { id: entry.entryId }, { lang: lang ?? locale })));
    return { files, api: reads, skipped: null, sco: scoPath(src) };
  }
  if (FILE_TYPES.has(entry.type) && isPortalFile(src)) files.push(src);
  return { files, api: reads, skipped: null, sco: null };
};

const stationParts = (station: StationDetail, locale: Locale, contentOrigin: string | null) => {
  const parts = station.entries.map((e) => entryParts(e, locale, contentOrigin));
  return {
    files: [...(isPortalFile(station.thumbSrc) ? [station.thumbSrc] : []), ...parts.flatMap((p) => p.files)],
    api: [
      api(routeUrl(learningRoutes.station.path, { stationId: station.stationId })),
      ...(station.questions.questionIds.length > 0 ? [api(routeUrl(assessmentRoutes.stationQuestions.path, { stationId: station.stationId }))] : []),
      ...parts.flatMap((p) => p.api),
    ],
    skipped: parts.flatMap((p) => (p.skipped ? [p.skipped] : [])),
    scorm: station.entries.flatMap((e, i) => (parts[i]?.sco ? [{ entryId: e.entryId, sco: parts[i].sco }] : [])),
  };
};

const resolutionUrl = (path: string) => api(routeUrl(learningRoutes.route.path, {}, { path }));

/**
 * The plan of the page on screen: its station (and, for a crop or a journey, its stations, whose
 * details `children` holds), the page paths, and the screens' code the page has loaded.
 */
export const offlinePlan = (input: {
  path: string;
  resolution: RouteResolution;
  children: readonly StationDetail[];
  locale: Locale;
  title: string;
  loaded: readonly string[];
  /** the SCORM content origin (GET /scorms/player), null when there is none */
  contentOrigin: string | null;
}): OfflinePlan => {
  const { resolution } = input;
  const station = resolution.detail ?? resolution.station;
  const kind: OfflinePlan['kind'] = station.type === 'Map' ? (resolution.area === 'journey' ? 'journey' : 'crop') : 'station';
  const stations = [station, ...input.children];
  const parts = stations.map((s) => stationParts(s, input.locale, input.contentOrigin));
  const scorm = parts.flatMap((p) => p.scorm);
  const pages = [...new Set([input.path, resolution.canonicalPath, ...input.children.map((c) => c.pageTo)])];
  const unique = (list: string[]) => [...new Set(list)];
  return {
    id: `${kind}:${station.stationId}`,
    kind,
    stationId: station.stationId,
    title: input.title,
    pages,
    api: unique([...pages.map(resolutionUrl), ...parts.flatMap((p) => p.api), api(identityRoutes.userData.path)]),
    extras: unique([api(identityRoutes.appConfig.path), api(learningRoutes.scormPlayer.path), ...input.loaded.filter((url) => url.startsWith('/api/'))]),
    files: unique([...parts.flatMap((p) => p.files), ...input.loaded.filter((url) => url.startsWith('/assets/'))]),
    skipped: unique(parts.flatMap((p) => p.skipped)),
    ...(input.contentOrigin && scorm.length > 0 ? { scorm: { contentOrigin: input.contentOrigin, scos: unique(scorm.map((s) => s.sco)), entryIds: unique(scorm.map((s) => s.entryId)) } } : {}),
  };
};

/** The same-origin reads this page made (Resource Timing): the screens' code and what they asked the API. */
export const loadedUrls = (): string[] => {
  if (typeof performance === 'undefined') return [];
  const origin = window.location.origin;
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((e) => e.name.startsWith(origin) && (e.initiatorType === 'script' || e.initiatorType === 'link' || e.initiatorType === 'fetch' || e.initiatorType === 'other'))
    .map((e) => e.name.slice(origin.length))
    .filter((url) => url.startsWith('/assets/') || (url.startsWith('/api/') && !/^\/api\/(realtime|user-store|content\/(view|media-state)|auth|dev|download|watermarkApi|scorms\/progress$)/.test(url)));
};
