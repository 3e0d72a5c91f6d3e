import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { AppError } from '@portal/kernel';
import { contentFile, fileAnyCase, manifestIn } from '../shared/content-dir.js';
import { decodeUriPath, encodeUriPath } from '../shared/scorm-paths.js';
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
 * - Field mode (issue 30, ADR 0094): `/_portal/offline.html`, a hidden frame the portal's page
 *   opens to save a package's folder for offline (its script registers `/_portal/sw.js`, a
 *   service worker of this origin that answers the package's files, our frame and its scripts
 *   from the saved copy when there is no network), and `/_portal/files?sco=<path>`, the files of
 *   the package a SCO belongs to (the folder of its imsmanifest.xml), with their sizes.
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

/** The cache of this origin's saved packages (the portal's page never sees it: another origin). */
const OFFLINE_CACHE = 'portal-scorm-offline';
/** The launch frame and its scripts: saved with every package, answered from the cache with no network. */
const FRAME_FILES = ['/_portal/frame.html', '/_portal/frame.js', '/_portal/cross-frame-api.js'];

/**
 * The save frame's script (field mode, issue 30): registers this origin's service worker, then
 * answers the portal's page (its parent, from the portal's origin only): `list` (a package's files
 * and sizes), `save` (downloads them into the cache, progress after each, a quota error named as
 * such; what a failed save added and no other save keeps is deleted) and `remove`.
 */
export const OFFLINE_SCRIPT = `(function () {
  var portal = document.documentElement.getAttribute('data-portal-origin');
  var CACHE = '${OFFLINE_CACHE}';
  var FRAME = ${JSON.stringify(FRAME_FILES)};
  var post = function (message) { window.parent.postMessage(message, portal); };
  var ready = navigator.serviceWorker
    ? navigator.serviceWorker.register('/_portal/sw.js', { scope: '/' }).then(function () { return navigator.serviceWorker.ready; })
    : Promise.reject(new Error('no service worker'));
  var list = function (scos) {
    return Promise.all(scos.map(function (sco) {
      return fetch('/_portal/files?sco=' + encodeURIComponent(sco)).then(function (r) { if (!r.ok) throw new Error(sco + ' ' + r.status); return r.json(); });
    })).then(function (lists) {
      var seen = {}; var files = [];
      lists.forEach(function (l) { l.files.forEach(function (f) { if (!seen[f.path]) { seen[f.path] = true; files.push(f); } }); });
      return files;
    });
  };
  var drop = function (cache, urls, keep) {
    return Promise.all(urls.filter(function (u) { return keep.indexOf(u) < 0; }).map(function (u) { return cache.delete(u); }));
  };
  var handlers = {
    list: function (m) { return list(m.scos).then(function (files) { return { files: files }; }); },
    save: function (m) {
      var added = [];
      return ready.then(function () { return caches.open(CACHE); }).then(function (cache) {
        return list(m.scos).then(function (files) {
          var urls = FRAME.concat(files.map(function (f) { return f.path; }));
          var done = 0; var bytes = 0;
          var next = function (i) {
            if (i >= urls.length) return Promise.resolve();
            return fetch(urls[i], { cache: 'no-store' }).then(function (r) {
              if (!r.ok) throw new Error(urls[i] + ' answered ' + r.status);
              return r.blob().then(function (body) {
                return cache.put(urls[i], new Response(body, { status: r.status, headers: r.headers })).then(function () {
                  added.push(urls[i]); done += 1; bytes += body.size;
                  post({ type: 'progress', id: m.id, done: done, total: urls.length, bytes: bytes });
                });
              });
            }).then(function () { return next(i + 1); });
          };
          return next(0).then(function () { return { files: urls, bytes: bytes }; }, function (error) {
            return drop(cache, added, m.keep || []).then(function () { throw error; });
          });
        });
      });
    },
    remove: function (m) { return caches.open(CACHE).then(function (cache) { return drop(cache, m.files, m.keep || []); }).then(function () { return {}; }); }
  };
  window.addEventListener('message', function (event) {
    if (event.origin !== portal || !event.data || !handlers[event.data.type]) return;
    var m = event.data;
    handlers[m.type](m).then(function (answer) { post({ type: 'done', id: m.id, answer: answer }); }, function (error) {
      post({ type: 'failed', id: m.id, quota: !!error && (error.name === 'QuotaExceededError' || error.code === 22), message: String(error && error.message || error) });
    });
  });
  ready.then(function () { post({ type: 'ready' }); }, function (error) { post({ type: 'ready', error: String(error && error.message || error) }); });
})();
`;

/**
 * This origin's service worker (field mode): the package files, our frame and its scripts from the
 * network, and from the saved copy when the network does not answer; nothing else is touched. It
 * holds no cache logic of its own beyond that fallback: what is saved is decided by the save frame.
 */
export const OFFLINE_WORKER = `self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener('fetch', function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin || !/^\/(media\/|_portal\/(frame\.html|frame\.js|cross-frame-api\.js)$)/.test(url.pathname)) return;
  event.respondWith(fetch(request).catch(function (error) {
    return caches.open('${OFFLINE_CACHE}').then(function (cache) { return cache.match(request, { ignoreSearch: true, ignoreVary: true }); }).then(function (saved) {
      if (saved) return saved;
      throw error;
    });
  }));
});
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
/** The save frame reads this origin's files and registers its worker; nothing else. */
const offlinePolicy = (portalOrigin: string) =>
  `default-src 'none'; script-src 'self'; connect-src 'self'; worker-src 'self'; frame-ancestors ${portalOrigin}; base-uri 'none'; form-action 'none'`;

const offlineHtml = (portalOrigin: string) => `<!doctype html>
<html lang="en" data-portal-origin="${portalOrigin.replace(/[^A-Za-z0-9:/.[\]-]/g, '')}">
<head><title>SCORM offline</title><script src="/_portal/offline.js"></script></head>
<body></body>
</html>
`;

/** At most this many files are listed for one package (a package is at most SCORM_ZIP_LIMITS' files). */
const LISTED_MAX = 20_000;

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
    if (path === '/_portal/offline.html') {
      reply.code(200).header('content-type', 'text/html').header('cache-control', 'no-cache').header('content-security-policy', offlinePolicy(portal)).send(offlineHtml(portal));
      return;
    }
    if (path === '/_portal/sw.js') {
      reply.code(200).header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('service-worker-allowed', '/').send(OFFLINE_WORKER);
      return;
    }
    if (path === '/_portal/files') {
      const files = this.packageFiles(new URLSearchParams(req.path.split('?')[1] ?? '').get('sco') ?? '');
      if (!files) {
        reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
        return;
      }
      reply.code(200).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(JSON.stringify({ files }));
      return;
    }
    if (path === '/_portal/frame.js' || path === '/_portal/cross-frame-api.js' || path === '/_portal/offline.js') {
      const body = path === '/_portal/frame.js' ? FRAME_SCRIPT : path === '/_portal/offline.js' ? OFFLINE_SCRIPT : crossFrameApi();
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

  /**
   * The files of the package a SCO (`/media/scorm/...?query`) belongs to: the folder of the nearest
   * imsmanifest.xml above it (else the SCO's own folder), as this origin's paths with their sizes.
   */
  packageFiles(sco: string): { path: string; bytes: number }[] | null {
    const file = this.packageFile(sco.split(/[?#]/)[0] ?? '');
    if (!file || !statFile(file)) return null;
    const uploaded = this.packagesDir !== null && file.startsWith(this.packagesDir + sep);
    const top = uploaded ? this.packagesDir! : join(this.contentDir, PACKAGE_FOLDER);
    let folder = dirname(file);
    for (let dir = folder; dir.startsWith(top + sep); dir = dirname(dir)) {
      if (manifestIn(dir)) {
        folder = dir;
        break;
      }
    }
    const posix = (from: string, to: string) => relative(from, to).split(sep).join('/');
    const prefix = uploaded ? `/${UPLOADED_PACKAGES_PREFIX}${posix(top, folder)}` : `/${PACKAGE_FOLDER}/${posix(top, folder)}`;
    const files: { path: string; bytes: number }[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir).sort()) {
        if (files.length >= LISTED_MAX) return;
        const full = join(dir, name);
        const stats = statSync(full);
        if (stats.isDirectory()) walk(full);
        else files.push({ path: `${encodeUriPath(prefix)}/${encodeUriPath(posix(folder, full))}`, bytes: stats.size });
      }
    };
    walk(folder);
    return files;
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
