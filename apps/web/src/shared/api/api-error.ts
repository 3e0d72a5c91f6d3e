export interface ApiFieldError {
  path: string;
  message: string;
  code?: string;
}

/**
 * A failed call. `statusCode` is the HTTP status (0 when the server could not be reached);
 * `code` is the catalogue code when the server sent one, else ''. Parsing error bodies lives
 * in api-error-body.ts so that zod stays out of the first bundle (this file is in it).
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: ApiFieldError[];
  /** Values the translated message needs, e.g. retryAfterMinutes on too-many-requests. */
  readonly params: Readonly<Record<string, string | number>>;

  constructor(init: { statusCode: number; code?: string; message?: string; details?: ApiFieldError[]; params?: Record<string, string | number> }) {
    super(init.message ?? '');
    this.name = 'ApiError';
    this.statusCode = init.statusCode;
    this.code = init.code ?? '';
    this.details = init.details ?? [];
    this.params = init.params ?? {};
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
