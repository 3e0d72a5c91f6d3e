import { z } from 'zod';
import { ApiError } from './api-error';

/** Error body of every API answer (architecture §4): `{ statusCode, code, message, details?, params? }`. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z
    .array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() }))
    .optional(),
  /** Values for the translated message (retryAfterMinutes...). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * Builds the ApiError of a non-2xx answer from its status and raw body text (000 §7: status,
 * text and parsed data). A JSON error body gives code and message; a plain string body (for
 * example a 404 page) becomes the message.
 */
export const apiErrorFromResponse = (statusCode: number, bodyText: string): ApiError => {
  let json: unknown;
  try {
    json = bodyText.length > 0 ? JSON.parse(bodyText) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    return new ApiError({
      statusCode,
      code: parsed.data.code,
      message: parsed.data.message,
      details: parsed.data.details ?? [],
      params: parsed.data.params ?? {},
    });
  }
  // Other JSON shapes: take a message or error field when there is one.
  const loose = z.object({ message: z.string().optional(), error: z.string().optional() }).safeParse(json);
  if (loose.success) {
    return new ApiError({ statusCode, message: loose.data.message ?? loose.data.error ?? '' });
  }
  const text = typeof json === 'string' ? json : json === undefined ? bodyText.trim() : '';
  // An HTML error page is no message for a user.
  return new ApiError({ statusCode, message: text.startsWith('<') ? '' : text.slice(0, 500) });
};
