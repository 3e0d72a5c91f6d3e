import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ScormManifest } from '../../contracts/index.js';
import { shortHash } from './canonical.js';
import { contentFile, fileAnyCase, manifestIn } from './content-dir.js';
import { ManifestError, manifestText, parseScormManifest } from './scorm-manifest.js';
import { encodeUriPath } from './scorm-paths.js';
import { extractZip, SCORM_ZIP_LIMITS, ZipRefused, type ZipLimits } from './scorm-zip.js';

/**
 * Uploaded SCORM packages (issue 27, ADR 0084 "Upload"): each one unzipped, once, into
 * `<DATA_DIR>/scorm-packages/<package id>/`, where the id is the hash of every file (so a
 * package is immutable: a new version is a new folder, and a learner's attempt keeps the files
 * it began with). The content origin serves them as `/media/scorm-uploads/<id>/...`; a station
 * entry's `src` names them `media/scorm-uploads/<id>/<launch>`.
 *
 * A zip is extracted into a `.incoming-*` folder beside them, judged (zip safety, the manifest,
 * the launch files), and only then renamed to its id: a refused or failed upload leaves nothing.
 */
export const UPLOADED_PACKAGES_PREFIX = 'media/scorm-uploads/';
export const scormPackagesDir = (dataDir: string): string => join(dataDir, 'scorm-packages');

/** A package on disk as the preview shows it. */
export interface StoredPackage {
  packageId: string;
  /** the folder of imsmanifest.xml inside the package ('' at the zip's root, else 'course/') */
  root: string;
  manifest: ScormManifest;
  files: number;
  bytes: number;
}

/** A package refused for its manifest or its launch files (the zip itself was sound). */
export class PackageRefused extends Error {
  constructor(
    readonly code: 'manifest_missing' | 'manifest_invalid' | 'launch_missing',
    readonly problems: { file: string; line: number; column: number; message: string }[],
  ) {
    super(problems.map((p) => (p.line > 0 ? `${p.file}:${p.line}:${p.column}: ${p.message}` : `${p.file}: ${p.message}`)).join('\n'));
    this.name = 'PackageRefused';
  }
}

const PACKAGE_ID = /^[0-9a-f]{16}$/;
export const isPackageId = (id: string): boolean => PACKAGE_ID.test(id);

function walk(dir: string, into: string[] = [], base = dir): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, into, base);
    else into.push(relative(base, full).split('\\').join('/'));
  }
  return into;
}

/** The hash of every file of a folder (names and contents): the package's id. */
export function folderHash(dir: string): string {
  return shortHash(walk(dir).map((f) => `${f}:${shortHash(readFileSync(join(dir, f)))}`).join('\n'));
}

/** The path of imsmanifest.xml (any case) at the package's root, or in its one top folder (zips made of a folder). */
function manifestRoot(dir: string): string {
  const here = manifestIn(dir);
  if (here) return relative(dir, here);
  const top = readdirSync(dir).filter((n) => !n.startsWith('__MACOSX'));
  const inTop = top.length === 1 && statSync(join(dir, top[0]!)).isDirectory() ? manifestIn(join(dir, top[0]!)) : null;
  if (inTop) return relative(dir, inTop).split(sep).join('/');
  throw new PackageRefused('manifest_missing', [{ file: 'imsmanifest.xml', line: 0, column: 0, message: 'no imsmanifest.xml at the root of the zip (nor in its one top folder)' }]);
}

/** Reads an unzipped package: its manifest, parsed, and every SCO's launch file present. */
function readPackage(dir: string, packageId: string): StoredPackage {
  // the manifest's path in the package, whatever the case of its name (IMSManifest.xml)
  const manifestFile = manifestRoot(dir);
  const root = manifestFile.slice(0, manifestFile.lastIndexOf('/') + 1);
  let manifest: ScormManifest;
  try {
    manifest = parseScormManifest(manifestText(readFileSync(join(dir, manifestFile))), manifestFile);
  } catch (error) {
    if (error instanceof ManifestError) throw new PackageRefused('manifest_invalid', error.problems);
    throw error;
  }
  const missing = manifest.scos.filter((sco) => {
    // the file the launch address names (decoded: `100%25%20done.htm` is the zip's `100% done.htm`)
    const file = fileAnyCase(join(dir, root), contentFile(join(dir, root), sco.file));
    return !file || !existsSync(file) || !statSync(file).isFile();
  });
  if (missing.length > 0) {
    throw new PackageRefused(
      'launch_missing',
      missing.map((sco) => ({ file: manifestFile, line: 0, column: 0, message: `the launch file ${sco.file} of ${sco.id} is not in the zip` })),
    );
  }
  const files = walk(dir);
  return { packageId, root, manifest, files: files.length, bytes: files.reduce((n, f) => n + statSync(join(dir, f)).size, 0) };
}

/**
 * Unzips an uploaded package (zip safety first), reads its manifest and files, then moves it into
 * place under its id. Throws ZipRefused or PackageRefused, having removed what it wrote.
 */
export async function stagePackage(zipFile: string, packagesDir: string, limits: ZipLimits = SCORM_ZIP_LIMITS): Promise<StoredPackage> {
  mkdirSync(packagesDir, { recursive: true });
  const incoming = join(packagesDir, `.incoming-${randomUUID()}`);
  mkdirSync(incoming);
  try {
    await extractZip(zipFile, incoming, limits);
    if (readdirSync(incoming).length === 0) throw new ZipRefused('zip_empty', 'the zip holds no file');
    const packageId = folderHash(incoming);
    const stored = readPackage(incoming, packageId);
    const target = join(packagesDir, packageId);
    // the same files uploaded again: the folder is already there, and equal
    if (existsSync(target)) rmSync(incoming, { recursive: true, force: true });
    else renameSync(incoming, target);
    return stored;
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
}

/** A package already stored (for publishing it); null when there is none with that id. */
export function storedPackage(packagesDir: string, packageId: string): StoredPackage | null {
  if (!isPackageId(packageId)) return null;
  const dir = join(packagesDir, packageId);
  if (!existsSync(dir)) return null;
  return readPackage(dir, packageId);
}

/**
 * The source of a stored package's launch page (`media/scorm-uploads/<id>/<root><launch>`): a URL
 * path, the package's folder encoded as the launch address is (issue 27), so it is the launch URL
 * under /api/ as it stands. (A content pack's src is a file path; see packSrcAsUri.)
 */
export const uploadedSrc = (pkg: StoredPackage): string => `${UPLOADED_PACKAGES_PREFIX}${pkg.packageId}/${encodeUriPath(pkg.root)}${pkg.manifest.scos[0]!.launch}`;

/**
 * The file on disk of an uploaded package's path (`media/scorm-uploads/<id>/<file>`, a pack-style
 * src without its query), or null: only a published package's folder, never an upload still being
 * judged, never outside the packages folder. The content origin serves through it; a reader of an
 * uploaded package's manifest resolves `<id>/imsmanifest.xml` the same way.
 */
export function uploadedPackageFile(packagesDir: string, path: string): string | null {
  if (!path.startsWith(UPLOADED_PACKAGES_PREFIX)) return null;
  const rest = path.slice(UPLOADED_PACKAGES_PREFIX.length);
  return isPackageId(rest.split('/', 1)[0]!) ? contentFile(packagesDir, rest) : null;
}
