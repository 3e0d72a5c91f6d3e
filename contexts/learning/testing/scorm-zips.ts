import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';

/**
 * Zips for the upload tests (issue 27), built in the test from files we wrote: the fixture package
 * under fixtures/scorm-upload/ (two SCOs, launch pages in a sub-folder with a query, inline
 * scripts and handlers), and hostile zips (zip-slip, absolute path, link, bomb) made by hand.
 */
export const UPLOAD_FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'scorm-upload');
/** The fixture's manifest identifier and the entry id a publish gives it. */
export const UPLOAD_FIXTURE_ENTRY = 'scorm-agro-upload-irrigacao';

export type ZipFiles = Record<string, string | Buffer>;
type ZipOptions = { mode?: number; compress?: boolean };

/**
 * A package whose SCO lives in a file whose name needs percent-encoding (`Módulo 1/100% pronto
 * #1?.htm`), named by its manifest as a URI reference, and whose first item is an asset (issue 27).
 */
export const FILE_NAMES_FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'scorm-file-names');
export const FILE_NAMES_FIXTURE_ENTRY = 'scorm-agro-upload-nomes';

/** A package whose only resource is an asset (a page that never calls the API; issue 27), its entry id once published. */
export const ASSET_ONLY_FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'scorm-asset-only');
export const ASSET_ONLY_FIXTURE_ENTRY = 'scorm-portal-fixture-asset-only';

/** A fixture folder's files (path -> bytes, the zip's raw names), under `prefix` ('' at the zip's root), with some replaced. */
export function folderFiles(folder: string, overrides: ZipFiles = {}, prefix = ''): ZipFiles {
  const files: ZipFiles = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[`${prefix}${relative(folder, full).split('\\').join('/')}`] = readFileSync(full);
    }
  };
  walk(folder);
  for (const [path, content] of Object.entries(overrides)) files[`${prefix}${path}`] = content;
  return files;
}

/** The upload fixture's files, under `prefix`, with some replaced. */
export const fixtureFiles = (overrides: ZipFiles = {}, prefix = ''): ZipFiles => folderFiles(UPLOAD_FIXTURE, overrides, prefix);

/** The fixture with its first lesson saying `version N` (a new version of the same course). */
export const fixtureVersion = (n: number): ZipFiles =>
  fixtureFiles({ 'lessons/intro.htm': readFileSync(join(UPLOAD_FIXTURE, 'lessons', 'intro.htm'), 'utf8').replace('versão 1', `versão ${n}`) });

/** A zip of these files; `options` per path (a Unix mode for a link, stored instead of deflated). */
export function zipOf(files: ZipFiles, options: Record<string, ZipOptions> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(files)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), path, { mtime: new Date('2026-01-01T00:00:00Z'), ...options[path] });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/**
 * A zip whose entry is named `hostile` (`../evil.htm`, `/etc/evil.htm`), which zip writers refuse
 * to write: written under a harmless name of the same length, then renamed in both headers.
 */
export async function zipWithName(files: ZipFiles, harmless: string, hostile: string): Promise<Buffer> {
  if (Buffer.byteLength(harmless) !== Buffer.byteLength(hostile)) throw new Error('the two names must have the same length');
  const zip = await zipOf(files);
  const from = Buffer.from(harmless);
  const to = Buffer.from(hostile);
  let renamed = 0;
  for (let at = zip.indexOf(from); at >= 0; at = zip.indexOf(from, at + 1)) {
    to.copy(zip, at);
    renamed++;
  }
  if (renamed !== 2) throw new Error(`expected the name in the local and central headers, found it ${renamed} times`);
  return zip;
}

/** A Unix symbolic link entry (mode 120777): its content is the path it points at. */
export const LINK_MODE = 0o120777;

/**
 * A zip whose central directory says `name` unpacks to `declared` bytes while it holds more (a
 * bomb that lies about its size): the central header's uncompressed size, patched.
 */
export function lyingAboutSize(zip: Buffer, name: string, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.subarray(at + 46, at + 46 + nameLength).toString() !== name) continue;
    out.writeUInt32LE(declared, at + 24);
    return out;
  }
  throw new Error(`no central header for ${name}`);
}
