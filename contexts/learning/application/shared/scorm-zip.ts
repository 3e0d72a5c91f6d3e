import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ZIP_REFUSALS } from '../../contracts/scorm-upload.js';

/**
 * Zip safety for uploaded SCORM packages (issue 27, ADR 0084 "Upload"): the central directory is
 * read and judged whole before a byte is written, with yauzl (a maintained reader that checks each
 * entry's real size against the size it declares, so the limits below cannot be lied past).
 */
export interface ZipLimits {
  /** the zip file itself */
  maxZipBytes: number;
  /** entries (files and folders) */
  maxEntries: number;
  /** every file uncompressed, together */
  maxBytes: number;
  /** uncompressed / compressed, of the whole zip and of each entry larger than ratioFloorBytes */
  maxRatio: number;
  /** files smaller than this are not judged by their ratio (a 10 KB page of spaces packs well and harms no one) */
  ratioFloorBytes: number;
}

export const SCORM_ZIP_LIMITS: ZipLimits = {
  maxZipBytes: 200 * 1024 * 1024,
  maxEntries: 10_000,
  maxBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

/** Why a zip is refused: the contract's codes (one list, ADR 0084's upload section). */
export { ZIP_REFUSALS };
export type ZipRefusal = (typeof ZIP_REFUSALS)[number];

export class ZipRefused extends Error {
  constructor(
    readonly code: ZipRefusal,
    message: string,
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipRefused';
  }
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** A symbolic link as Unix zip tools store it: the mode in the high 16 bits of the external attributes. */
const isLink = (entry: yauzl.Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** yauzl's own refusals of a file name (validateFileName): absolute, `..` segments, backslashes. */
const UNSAFE_NAME = /^(absolute path|invalid relative path|invalid characters in fileName)/;

/** The unsafe name of an entry, or null: yauzl's check, then ours on the resolved path (belt and braces). */
function unsafeName(name: string, into: string): string | null {
  const problem = yauzl.validateFileName(name);
  if (problem) return problem;
  if (isAbsolute(name) || name.includes('\0')) return `absolute path: ${name}`;
  const target = resolve(into, name);
  return target === resolve(into) || target.startsWith(resolve(into) + sep) ? null : `invalid relative path: ${name}`;
}

/** Reads the central directory whole; a file that is not a zip is not_a_zip, a bad name zip_unsafe_path. */
async function entriesOf(file: string, limits: ZipLimits): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
  let zip: yauzl.ZipFile;
  try {
    // names are decoded and checked by us below (the same check yauzl makes, with our codes)
    zip = await yauzl.openPromise(file, { autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new ZipRefused('not_a_zip', `the file is not a zip archive (${(error as Error).message})`);
  }
  const entries: yauzl.Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      if (entries.length > limits.maxEntries) throw new ZipRefused('zip_too_many_files', `more than ${limits.maxEntries} files in the zip`);
    }
  } catch (error) {
    zip.close();
    if (error instanceof ZipRefused) throw error;
    const message = (error as Error).message;
    if (UNSAFE_NAME.test(message)) throw new ZipRefused('zip_unsafe_path', `a file name leaves the package folder (${message})`);
    throw new ZipRefused('not_a_zip', `the zip cannot be read (${message})`);
  }
  return { zip, entries };
}

/** Judges every entry before anything is written: names, links, encryption, counts, sizes and ratios. */
function judge(entries: yauzl.Entry[], into: string, zipBytes: number, limits: ZipLimits): void {
  const seen = new Set<string>();
  let total = 0;
  for (const entry of entries) {
    const name = entry.fileName;
    const unsafe = unsafeName(name, into);
    if (unsafe) throw new ZipRefused('zip_unsafe_path', `a file name leaves the package folder (${unsafe})`, name);
    if (isLink(entry)) throw new ZipRefused('zip_link', `${name} is a symbolic link`, name);
    if (entry.isEncrypted()) throw new ZipRefused('zip_encrypted', `${name} is encrypted`, name);
    if (!entry.canDecodeFileData()) throw new ZipRefused('not_a_zip', `${name} uses a compression method zip readers do not know (${entry.compressionMethod})`, name);
    const key = name.replace(/\/+$/, '').toLowerCase();
    if (seen.has(key)) throw new ZipRefused('zip_duplicate', `${name} is in the zip twice`, name);
    seen.add(key);
    total += entry.uncompressedSize;
    if (total > limits.maxBytes) throw new ZipRefused('zip_too_large', `the files take more than ${limits.maxBytes} bytes uncompressed`, name);
    if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
      throw new ZipRefused('zip_bomb', `${name} is compressed more than ${limits.maxRatio} to 1`, name);
    }
  }
  if (total > limits.ratioFloorBytes && total > limits.maxRatio * Math.max(zipBytes, 1)) {
    throw new ZipRefused('zip_bomb', `the zip unpacks to more than ${limits.maxRatio} times its size`);
  }
}

/**
 * Extracts a zip into `into` (a fresh folder the caller owns and removes on failure): refused
 * with ZipRefused, before anything is written, when it is empty, not a zip, over a limit, or holds
 * a path that leaves the folder, an absolute path, a link or an encrypted file. A size that an entry
 * lies about stops the copy with zip_bomb (yauzl's validateEntrySizes). Files only: folders are
 * made as their files need them.
 */
export async function extractZip(file: string, into: string, limits: ZipLimits = SCORM_ZIP_LIMITS): Promise<{ files: string[]; bytes: number }> {
  const size = statSync(file).size;
  if (size === 0) throw new ZipRefused('zip_empty', 'the file is empty (0 bytes)');
  if (size > limits.maxZipBytes) throw new ZipRefused('zip_too_large', `the zip is larger than ${limits.maxZipBytes} bytes`);
  const { zip, entries } = await entriesOf(file, limits);
  try {
    judge(entries, into, size, limits);
    const files: string[] = [];
    let bytes = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const target = resolve(into, entry.fileName);
      mkdirSync(dirname(target), { recursive: true });
      const stream = await zip.openReadStreamPromise(entry);
      try {
        // wx: never through a file that is already there
        await pipeline(stream, createWriteStream(target, { flags: 'wx', mode: 0o644 }));
      } catch (error) {
        const message = (error as Error).message;
        if (/too many bytes|too few bytes/i.test(message)) throw new ZipRefused('zip_bomb', `${entry.fileName} is not the size it declares (${message})`, entry.fileName);
        if ((error as NodeJS.ErrnoException).code === 'ENOTDIR' || (error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new ZipRefused('zip_duplicate', `${entry.fileName} is both a file and a folder`, entry.fileName);
        }
        throw new ZipRefused('not_a_zip', `${entry.fileName} cannot be read (${message})`, entry.fileName);
      }
      files.push(entry.fileName);
      bytes += entry.uncompressedSize;
    }
    return { files: files.sort(), bytes };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR' || (error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new ZipRefused('zip_duplicate', `a name is both a file and a folder (${(error as Error).message})`);
    }
    throw error;
  } finally {
    zip.close();
  }
}
