import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Nest token of the content folder (resolveContentDir at start). */
export const CONTENT_DIR = Symbol.for('portal.learning.ContentDir');

/**
 * Where the content pack and its files live: CONTENT_DIR, else the repository's content/ folder
 * found upwards from this file (source or the API bundle alike), else ./content.
 */
export function resolveContentDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CONTENT_DIR) return resolve(env.CONTENT_DIR);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'content', 'pack.json'))) return join(dir, 'content');
    dir = dirname(dir);
  }
  return resolve('content');
}

/** pack path (media/... or protected/...) -> absolute file, refusing anything outside the folder. */
export function contentFile(contentDir: string, packPath: string): string | null {
  if (packPath.includes('\0')) return null;
  const file = resolve(contentDir, packPath);
  return file.startsWith(resolve(contentDir) + '/') ? file : null;
}

export const isExternal = (src: string) => /^https:\/\//.test(src);

/** A package folder's imsmanifest.xml, whatever the case of its name (IMSManifest.xml from Windows tools); null when none. */
export function manifestIn(dir: string): string | null {
  if (existsSync(join(dir, 'imsmanifest.xml'))) return join(dir, 'imsmanifest.xml');
  const name = readdirSync(dir).find((n) => n.toLowerCase() === 'imsmanifest.xml');
  return name ? join(dir, name) : null;
}

const isFile = (file: string): boolean => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * `file` (under `folder`) as it is, or where it is missing the one file that has its name in
 * another case (packages written on Windows or macOS, whose disks ignore case, link
 * `Images/Logo.PNG` for images/logo.png): found folder by folder, only where one name matches.
 */
export function fileAnyCase(folder: string, file: string | null): string | null {
  if (!file || isFile(file)) return file;
  let dir = folder;
  for (const name of relative(folder, file).split(sep)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return file;
    }
    const same = names.filter((n) => n.toLowerCase() === name.toLowerCase());
    if (same.length !== 1) return file;
    dir = join(dir, same[0]!);
  }
  return isFile(dir) ? dir : file;
}
