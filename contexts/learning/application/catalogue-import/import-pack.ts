import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Clock } from '@portal/kernel';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { handleCommand, loadState } from '@portal/platform';
import {
  CATALOGUE_STREAM,
  certificateStream,
  contentPackSchema,
  pageKeyOf,
  pageStream,
  questionStream,
  stationStream,
  type CatalogueStation,
  type ContentPack,
  type ImportChanges,
  type Station,
} from '../../contracts/index.js';
import { catalogueImportsDecider, catalogueItemDecider } from '../../domain/index.js';
import { canonicalJson, shortHash } from '../shared/canonical.js';
import { contentFile, isExternal, manifestIn, resolveContentDir } from '../shared/content-dir.js';
import { ManifestError, manifestText, parseScormManifest } from '../shared/scorm-manifest.js';
import { keepPublishedEntries, storedStation } from '../shared/scorm-publish.js';

/** A pack that does not validate: every problem with its path in the pack. */
export class PackValidationError extends Error {
  constructor(
    readonly file: string,
    readonly problems: { path: string; message: string }[],
  ) {
    super(`Content pack ${file} is invalid:\n${problems.map((p) => `  - ${p.path || '(root)'}: ${p.message}`).join('\n')}`);
    this.name = 'PackValidationError';
  }
}

export interface ImportReport {
  file: string;
  packVersion: string;
  packHash: string;
  revised: ImportChanges;
  retired: ImportChanges;
  /** events written (0 for an unchanged pack) */
  events: number;
  checkpoint: Checkpoint | null;
}

type Kind = 'station' | 'question' | 'certificate' | 'page';
interface Item {
  kind: Kind;
  id: string;
  stream: string;
  item: unknown;
  contentHash: string;
}

const empty = (): ImportChanges => ({ stations: [], questions: [], certificates: [], pages: [] });
const listOf: Record<Kind, keyof ImportChanges> = { station: 'stations', question: 'questions', certificate: 'certificates', page: 'pages' };
const streamOf: Record<Kind, (id: string) => string> = { station: stationStream, question: questionStream, certificate: certificateStream, page: pageStream };

/** Reads and validates a pack file; problems come back with their paths. */
export function readPack(file: string): ContentPack {
  if (!existsSync(file)) throw new PackValidationError(file, [{ path: '', message: 'file not found' }]);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PackValidationError(file, [{ path: '', message: `not JSON: ${(error as Error).message}` }]);
  }
  const parsed = contentPackSchema.safeParse(json);
  if (!parsed.success) {
    throw new PackValidationError(
      file,
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/** Hash of a file, or of every file under a SCORM package's root (a changed script changes it too). */
function hashFile(file: string, packageRoot: string | null): string {
  if (!packageRoot) return shortHash(readFileSync(file));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(packageRoot);
  return shortHash(files.map((f) => `${relative(packageRoot, f)}:${shortHash(readFileSync(f))}`).join('\n'));
}

/**
 * A SCORM package's root: the nearest folder holding imsmanifest.xml, from the launch page's own
 * folder up to (not above) the package's folder under media/scorm/ (ADR 0084: real packages keep
 * the manifest at the root and the launch page in a sub-folder).
 */
export function scormPackageRoot(contentDir: string, launchFile: string): string | null {
  const top = resolve(contentDir, 'media', 'scorm');
  for (let dir = dirname(launchFile); dir.startsWith(top + sep); dir = dirname(dir)) {
    if (manifestIn(dir)) return dir;
  }
  return null;
}


/** A launch source without its query (`shared/launchpage.html?content=playing` is the file shared/launchpage.html). */
export const withoutQuery = (src: string): string => src.split(/[?#]/, 1)[0] ?? src;

const NO_SCHEMAVERSION = 'no <schemaversion> in <metadata>';

/**
 * The run-time version a package's manifest names in <schemaversion> (issue 27), null when the
 * manifest has none (the pack's scormVersion stands in then); a manifest that cannot be read is a
 * problem of the pack, with the manifest's file, line and column.
 */
function manifestVersion(root: string, contentDir: string, path: string, problems: { path: string; message: string }[]): '1.2' | '2004' | null {
  const file = manifestIn(root) ?? join(root, 'imsmanifest.xml');
  try {
    return parseScormManifest(manifestText(readFileSync(file)), relative(contentDir, file)).version;
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    if (error.problems.every((p) => p.message === NO_SCHEMAVERSION)) return null;
    problems.push({ path, message: error.message });
    return null;
  }
}

/** The station as stored: with the hashes of its files and of each entry (ADR 0020). */
function catalogueStation(station: Station, contentDir: string, problems: { path: string; message: string }[], index: number): CatalogueStation {
  const mediaHashes: Record<string, string> = {};
  const versions = new Map<string, '1.2' | '2004' | null>();
  const hashOf = (src: string | undefined, path: string, folder = false): string | null => {
    if (!src || isExternal(src)) return null;
    if (mediaHashes[src]) return mediaHashes[src]!;
    const file = contentFile(contentDir, folder ? withoutQuery(src) : src);
    if (!file || !existsSync(file)) {
      problems.push({ path, message: `file ${src} not found under ${contentDir}` });
      return null;
    }
    const root = folder ? scormPackageRoot(contentDir, file) : null;
    if (folder && !root) {
      problems.push({ path, message: `${src}: no imsmanifest.xml in the launch page's folder or above it under media/scorm/` });
      return null;
    }
    if (root) versions.set(src, manifestVersion(root, contentDir, path, problems));
    mediaHashes[src] = hashFile(file, root);
    return mediaHashes[src]!;
  };
  hashOf(station.thumbSrc, `stations.${index}.thumbSrc`);
  const entryHashes: Record<string, string> = {};
  const entries = station.entries.map((packEntry, j) => {
    const at = `stations.${index}.entries.${j}`;
    const files: (string | null)[] = [hashOf(packEntry.thumbSrc, `${at}.thumbSrc`)];
    for (const [locale, src] of Object.entries(packEntry.src)) files.push(hashOf(src, `${at}.src.${locale}`, packEntry.type === 'scorm'));
    let entry = packEntry;
    if (packEntry.type === 'scorm') {
      // the version is the manifest's; the pack's typed one only when the manifest has none
      const read = [...new Set(Object.values(packEntry.src).map((src) => versions.get(src!) ?? null))].filter((v) => v !== null);
      if (read.length > 1) problems.push({ path: `${at}.src`, message: `the locales' packages name different SCORM versions (${read.join(', ')})` });
      const scormVersion = read[0] ?? packEntry.scormVersion;
      if (!scormVersion) problems.push({ path: `${at}.scormVersion`, message: `${NO_SCHEMAVERSION} of the package, and no scormVersion in the pack` });
      entry = { ...packEntry, scormVersion };
    }
    entryHashes[entry.entryId] = shortHash(canonicalJson({ entry, files }));
    return entry;
  });
  return { ...station, entries, mediaHashes, entryHashes };
}

export interface ImportOptions {
  /** the pack file (default: <content dir>/pack.json) */
  file?: string;
  /** stored in CatalogueImported.source and the events' metadata */
  source?: string;
  origin?: 'cli' | 'import' | 'system';
}

/**
 * Imports a content pack idempotently: every station, question, certificate rule and page is an
 * item with a content hash; an unchanged item writes nothing, a changed one gets a new revision
 * in its own stream, an item gone from the pack is retired. CatalogueImported is recorded only
 * when something changed, so importing the same pack twice writes no event.
 */
export async function importContentPack(store: EventStore, clock: Clock, options: ImportOptions = {}): Promise<ImportReport> {
  const file = resolve(options.file ?? join(resolveContentDir(), 'pack.json'));
  const contentDir = dirname(file);
  const pack = readPack(file);
  const problems: { path: string; message: string }[] = [];
  const items: Item[] = [];
  const fromPack = pack.stations.map((s, i) => catalogueStation(s, contentDir, problems, i));
  if (problems.length > 0) throw new PackValidationError(file, problems);
  for (const built of fromPack) {
    // the SCORM packages published into the station from uploads stay in it (issue 27)
    const station = keepPublishedEntries(built, (await storedStation(store, built.stationId)).station);
    items.push({ kind: 'station', id: station.stationId, stream: stationStream(station.stationId), item: station, contentHash: shortHash(canonicalJson(station)) });
  }
  for (const q of pack.questions) items.push({ kind: 'question', id: q.questionId, stream: questionStream(q.questionId), item: q, contentHash: shortHash(canonicalJson(q)) });
  for (const c of pack.certificates) items.push({ kind: 'certificate', id: c.certificateId, stream: certificateStream(c.certificateId), item: c, contentHash: shortHash(canonicalJson(c)) });
  for (const p of pack.pages) {
    const key = pageKeyOf(p.section, p.slug);
    items.push({ kind: 'page', id: key, stream: pageStream(key), item: p, contentHash: shortHash(canonicalJson(p)) });
  }
  const packHash = shortHash(items.map((i) => `${i.kind}:${i.id}:${i.contentHash}`).sort().join('\n'));
  const report: ImportReport = { file, packVersion: pack.packVersion, packHash, revised: empty(), retired: empty(), events: 0, checkpoint: null };

  const { state: log } = await loadState(store, CATALOGUE_STREAM, catalogueImportsDecider);
  const last = log.last;
  // fast path: the last completed import was this very pack
  if (last?.packHash === packHash) return report;

  const context: AppendContext = { correlationId: `import-${packHash}`, actor: 'system', origin: options.origin ?? 'import' };
  const now = clock.now().toISOString();
  const live = new Map<string, Kind>();
  const lastItems = last?.items;
  for (const kind of Object.keys(listOf) as Kind[]) for (const id of lastItems?.[listOf[kind]] ?? []) live.set(`${kind}:${id}`, kind);
  const apply = async (stream: string, command: Parameters<typeof catalogueItemDecider.decide>[0]) => {
    const { events, result } = await handleCommand(store, stream, catalogueItemDecider, command, context);
    report.events += events.length;
    if (result) report.checkpoint = result.checkpoint;
    return events.length > 0;
  };
  // a few streams at a time: small packs finish at once, big ones do not flood the pool
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      live.delete(`${item.kind}:${item.id}`);
      const changed = await apply(item.stream, { type: 'ReviseItem', data: { kind: item.kind, id: item.id, contentHash: item.contentHash, item: item.item, packVersion: pack.packVersion, now } });
      if (changed) report.revised[listOf[item.kind]].push(item.id);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  for (const [key, kind] of live) {
    const id = key.slice(kind.length + 1);
    if (await apply(streamOf[kind](id), { type: 'RetireItem', data: { kind, id, packVersion: pack.packVersion, now } })) report.retired[listOf[kind]].push(id);
  }
  for (const list of [report.revised, report.retired]) for (const k of Object.keys(list) as (keyof ImportChanges)[]) list[k].sort();
  const all = empty();
  for (const item of items) all[listOf[item.kind]].push(item.id);
  for (const k of Object.keys(all) as (keyof ImportChanges)[]) all[k].sort();
  // past the fast path the recorded catalogue differs from this pack: record the import (an
  // import that crashed half-way is completed here even when every item was already written)
  const { events, result } = await handleCommand(store, CATALOGUE_STREAM, catalogueImportsDecider, {
    type: 'RecordImport',
    data: { packVersion: pack.packVersion, packHash, source: options.source ?? relative(process.cwd(), file), revised: report.revised, retired: report.retired, items: all, importedAt: now },
  }, context);
  report.events += events.length;
  if (result) report.checkpoint = result.checkpoint;
  return report;
}
