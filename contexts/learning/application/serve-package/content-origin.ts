import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AppError } from '@portal/kernel';
import { contentFile, fileAnyCase } from '../shared/content-dir.js';
import { decodeUriPath } from '../shared/scorm-paths.js';
import { portalOriginFor, type ContentOriginSettings } from '../shared/content-origin.js';
import { contentTypeOf, sendFile, statFile, type FileReply } from '../shared/file-response.js';
import { UPLOADED_PACKAGES_PREFIX, uploadedPackageFile } from '../shared/uploaded-packages.js';

/**
 * What the content origin answers (ADR 0084), independent of the HTTP server that carries it:
 * - `/_portal/frame.html?sco=<path>`: our launch frame. It publishes scorm-again's CrossFrameAPI
 *   as `window.API` and `window.API_1484_11`, warms its cache with the run-time data the portal's
 *   player holds, then loads the SCO in a child frame of the same origin: the package finds the
 *   API by walking up its parents as it would in any LMS, and every call travels to the portal's
 *   page by postMessage.
 * - `/media/scorm/...`: the pack's unzipped packages, and `/media/scorm-uploads/...` the uploaded
 *   ones (`<DATA_DIR>/scorm-packages`), under a permissive policy (inline scripts,
 *   handlers, eval, third-party scripts), framed only by the portal and by this origin.
 * Nothing else: no API, no cookies, no other file of the content folder.
 */
export interface ContentRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
}

const PACKAGE_FOLDER = 'media/scorm';

const require = createRequire(import.meta.url);
let crossFrameScript: string | null = null;
const crossFrameApi = (): string => (crossFrameScript ??= readFileSync(require.resolve('scorm-again/cross-frame-api/min'), 'utf8'));

/** The launch frame's own script: publish the cross-frame API, warm its cache, load the SCO. */
export const FRAME_SCRIPT = `(function () {
  var portal = document.documentElement.getAttribute('data-portal-origin');
  var sco = new URLSearchParams(location.search).get('sco') || '';
  // only a package file of this origin: never another site, never this frame again
  if (!/^\\/(media|packages)\\//.test(sco)) return;
  var api = new CrossFrameAPI(portal, window.parent, { timeout: 10000 });
  window.API = api;
  window.API_1484_11 = api;
  var load = function () { document.getElementById('sco').src = sco; };
  // CrossFrameAPI answers GetValue from its cache: fill it before the package asks (resume)
  api._post('getFlattenedCMI', []).then(function (all) {
    if (all && typeof all === 'object') Object.keys(all).forEach(function (k) { if (all[k] !== null && all[k] !== undefined) api._cache.set(k, String(all[k])); });
  }, function () {}).then(load);
})();
`;

/**
 * Our launch frame, in ASCII and with no charset (header or <meta>): a package page without a
 * charset of its own takes the encoding of the same-origin frame around it, so the browser's own
 * fallback reaches it as it would outside the portal (legacy 8-bit pages keep their accents).
 */
const frameHtml = (portalOrigin: string) => `<!doctype html>
<html lang="en" data-portal-origin="${portalOrigin.replace(/[^A-Za-z0-9:/.[\]-]/g, '')}">
<head><title>SCORM</title>
<style>html,body,iframe{margin:0;border:0;width:100%;height:100%;display:block;overflow:hidden}</style>
<script src="/_portal/cross-frame-api.js"></script>
<script src="/_portal/frame.js"></script>
</head>
<body><iframe id="sco" title="SCO" allow="fullscreen; autoplay"></iframe></body>
</html>
`;

/** The policy of a package's files: anything the package brings runs, but only framed by the portal. */
export const packagePolicy = (portalOrigin: string) =>
  `default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self' ${portalOrigin}`;
const framePolicy = (portalOrigin: string) =>
  `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors ${portalOrigin}; base-uri 'none'; form-action 'none'`;

export class ContentOrigin {
  constructor(
    private readonly contentDir: string,
    private readonly settings: ContentOriginSettings,
    /** uploaded packages (`<DATA_DIR>/scorm-packages`), served as /media/scorm-uploads/<id>/... (issue 27) */
    private readonly packagesDir: string | null = null,
  ) {}

  /** Answers one request of the content origin on `reply` (a file, our frame, or 404/405). */
  handle(req: ContentRequest, reply: FileReply): void {
    const portal = portalOriginFor(req.headers.host, this.settings);
    reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'cross-origin');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      reply.code(405).header('allow', 'GET, HEAD').send();
      return;
    }
    const path = req.path.split('?')[0] ?? '';
    if (path === '/_portal/frame.html') {
      reply.code(200).header('content-type', 'text/html').header('cache-control', 'no-cache').header('content-security-policy', framePolicy(portal)).send(frameHtml(portal));
      return;
    }
    if (path === '/_portal/frame.js' || path === '/_portal/cross-frame-api.js') {
      const body = path === '/_portal/frame.js' ? FRAME_SCRIPT : crossFrameApi();
      reply.code(200).header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
      return;
    }
    const file = this.packageFile(path);
    if (!file) {
      reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
      return;
    }
    reply.header('content-security-policy', packagePolicy(portal));
    try {
      sendFile(reply, file, req.headers, { cacheControl: 'public, max-age=300', contentType: packageContentType(file) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    }
  }

  /** /media/scorm/<package>/<file> -> the file under the content folder's package folder; /media/scorm-uploads/<id>/<file> -> the uploaded package's. */
  private packageFile(path: string): string | null {
    // the request's path decoded once: `%25` is a file's `%`, `%23` its `#`, `%3F` its `?` (issue 27)
    const decoded = decodeUriPath(path);
    if (decoded === null) return null;
    if (this.packagesDir && decoded.startsWith(`/${UPLOADED_PACKAGES_PREFIX}`)) return fileAnyCase(this.packagesDir, uploadedPackageFile(this.packagesDir, decoded.slice(1)));
    if (!decoded.startsWith(`/${PACKAGE_FOLDER}/`)) return null;
    const folder = join(this.contentDir, PACKAGE_FOLDER);
    return fileAnyCase(folder, contentFile(folder, decoded.slice(PACKAGE_FOLDER.length + 2)));
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const sniffed = new Map<string, boolean>();
const SNIFFED_MAX = 2000;

/**
 * A package file's Content-Type. Text is labelled UTF-8 only when it has bytes beyond ASCII and
 * they are UTF-8. Older packages keep pages in a legacy 8-bit encoding without a charset (the Golf
 * examples' Etiquette/Distracting.html): a header's charset would override the browser's fallback
 * and turn their accents into replacement characters, and a frame with no charset of its own takes
 * its parent's, so an ASCII launch page labelled UTF-8 would do the same to the pages it frames.
 */
export function packageContentType(file: string): string {
  const type = contentTypeOf(file);
  if (!type.endsWith('; charset=utf-8')) return type;
  const stats = statFile(file);
  if (!stats) return type;
  const key = `${file}:${stats.size}:${stats.mtimeMs}`;
  let isUtf8 = sniffed.get(key);
  if (isUtf8 === undefined) {
    const bytes = readFileSync(file);
    isUtf8 = false;
    if (bytes.some((b) => b >= 0x80)) {
      try {
        utf8.decode(bytes);
        isUtf8 = true;
      } catch {
        // 8-bit text: left to the page's own <meta charset> or the browser's fallback
      }
    }
    if (sniffed.size >= SNIFFED_MAX) sniffed.clear();
    sniffed.set(key, isUtf8);
  }
  return isUtf8 ? type : type.slice(0, -'; charset=utf-8'.length);
}
