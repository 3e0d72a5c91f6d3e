export { reportPodcastDownloadsProjection } from './report-podcast-downloads.projection.js';
export { podcastDownloadsReportQuery } from './queries.js';
export * from './schema.js';
