import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { AppError, ERROR_CATALOGUE, isErrorCode, type ErrorBody } from '@portal/kernel';
import { ConcurrencyError } from '@portal/eventstore';
import { isConnectionLoss } from '@portal/database';
import { malformedMultipartBody } from './multipart.js';

const STATUS_CODES = new Set([400, 401, 403, 404, 429, 500, 503]);

/** Answers a client retries: when (seconds). A lost connection comes back within a second or two. */
const RETRY_AFTER_SECONDS: Record<string, number> = { 'write-conflict': 1, '503': 1 };

/** Every failure leaves as `{statusCode, code, message, details?}` with a catalogue code. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) return error.toBody();
  if (error instanceof ConcurrencyError) {
    // a concurrent write won on every attempt: nothing was written, the client retries (ADR 0081)
    return { statusCode: 409, code: 'write-conflict', message: ERROR_CATALOGUE['write-conflict'].message };
  }
  if (isConnectionLoss(error)) {
    // the database connection was lost (pg_terminate_backend, a restart): retry (ADR 0081)
    return { statusCode: 503, code: '503', message: ERROR_CATALOGUE['503'].message };
  }
  if ((error instanceof HttpException ? error.getStatus() : (error as { statusCode?: number })?.statusCode) === 413) {
    // the body was refused before it was parsed (ADR 0008): the body as a whole is the field
    return { statusCode: 413, code: 'app/bed-request', message: 'Request body is too large', details: [{ path: '', code: 'too_big', message: 'the body is larger than this route takes' }] };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const key = String(status);
    if (status === 400 || status === 413 || status === 415 || (status >= 400 && status < 500 && !STATUS_CODES.has(status))) {
      return { statusCode: status === 413 || status === 415 ? status : 400, code: 'app/bed-request', message: error.message };
    }
    const code = isErrorCode(key) ? key : '500';
    return { statusCode: status, code, message: ERROR_CATALOGUE[code].message };
  }
  const status = (error as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own errors (bad JSON, body too large, unsupported media type)
    return { statusCode: status === 429 ? 429 : status, code: status === 429 ? '429' : 'app/bed-request', message: (error as Error).message };
  }
  return { statusCode: 500, code: '500', message: ERROR_CATALOGUE['500'].message };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<{ status(code: number): { send(body: unknown): void }; header(name: string, value: string): unknown; sent?: boolean }>();
    const body = malformedMultipartBody(error, http.getRequest()) ?? toErrorBody(error);
    if (body.code === '503' && body.statusCode === 503) this.logger.warn(`database connection lost, answered 503: ${error instanceof Error ? error.message : String(error)}`);
    else if (body.statusCode >= 500) this.logger.error(error instanceof Error ? error.stack ?? error.message : String(error));
    if (reply.sent) return;
    const retryAfter = RETRY_AFTER_SECONDS[body.code];
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    reply.status(body.statusCode).send(body);
  }
}
