import type { ErrorBody } from '@portal/kernel';

/**
 * The errors of busboy (the parser under @fastify/multipart) for a body that is not the
 * multipart/form-data its content type says: no boundary, an empty one or one over 256
 * characters, a body without the boundary, a part cut short. busboy throws them as plain
 * `Error`s without a code, so they are known by their messages (multipart.int.spec.ts sends each
 * one to every upload route: an upgrade that rewords them fails there).
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
];

/** A request @fastify/multipart took as multipart/form-data (its content type said so). */
type MaybeMultipart = { isMultipart?: () => boolean } | undefined;

/** 400 for a parser error of a multipart upload (ADR 0081), else null: the body as a whole is the field. */
export function malformedMultipartBody(error: unknown, request: MaybeMultipart): ErrorBody | null {
  if (!(error instanceof Error) || error.constructor !== Error && error.constructor !== TypeError) return null;
  if (!request?.isMultipart?.() || !MALFORMED_MULTIPART.some((m) => m.test(error.message))) return null;
  return {
    statusCode: 400,
    code: 'app/bed-request',
    message: 'The body is not the multipart/form-data its content type says',
    details: [{ path: '', code: 'invalid_multipart', message: `the multipart body cannot be read: ${error.message}` }],
  };
}
