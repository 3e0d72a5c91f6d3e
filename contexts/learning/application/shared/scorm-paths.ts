/**
 * SCORM addresses and file names (issue 27, ADR 0084 "File names that need percent-encoding").
 * A manifest's `href` and `xml:base` are URI references: `100%25%20done.htm` names the file
 * `100% done.htm`, and a raw `#` or `?` starts a fragment or a query. A zip's entries are raw file
 * names. So a launch address is the file's path percent-encoded segment by segment, then the
 * manifest's query and fragment as written; the content origin decodes the request's path once
 * to find the file.
 */

/**
 * The file a URI path names: percent-decoded. A `%` that starts no escape (`100%.htm`, as
 * packages written by hand have it) stands for itself; null when the escapes are not UTF-8.
 */
export function decodeUriPath(path: string): string | null {
  try {
    return decodeURIComponent(path.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return null;
  }
}

/** A file path as a URI path: each segment percent-encoded (space, `%`, `#`, `?`, non-ASCII...), the slashes kept. */
export const encodeUriPath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** A launch address (`path?query#fragment`) split into its path and the rest (`?query#fragment`, or ''). */
export function splitAddress(address: string): { path: string; rest: string } {
  const at = address.search(/[?#]/);
  return at < 0 ? { path: address, rest: '' } : { path: address.slice(0, at), rest: address.slice(at) };
}

/**
 * A content pack's SCORM `src` (a file path under the content folder with the launch's query,
 * `media/scorm/x/Course Pages/index.html?p=1`: the file part raw, as the importer reads it) as a
 * URL path with its query: the file part encoded.
 */
export function packSrcAsUri(src: string): string {
  const { path, rest } = splitAddress(src);
  return `${encodeUriPath(path)}${rest}`;
}
