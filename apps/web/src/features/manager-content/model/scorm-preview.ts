/**
 * The upload preview's words for a package's addresses (issue 27): a manifest writes launch
 * addresses as URI references (`M%C3%B3dulo%201/100%25.htm?nome=Jos%C3%A9`); the screen shows the
 * file as the zip names it (the answer's `file`) and the query as a person reads it.
 */

/** A launch query with its UTF-8 escapes decoded (`?nome=Jos%C3%A9` reads `?nome=José`); an escape that is not UTF-8 stays as written. */
export function readableParameters(parameters: string): string {
  return parameters.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}
