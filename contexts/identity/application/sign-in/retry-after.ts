import { AppError } from '@portal/kernel';

/** Sends a refusal's wait (params.retryAfterSeconds) as the Retry-After header, then lets the error filter answer. */
export async function withRetryAfter<T>(reply: { header(name: string, value: string): unknown }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const seconds = error instanceof AppError ? error.params?.['retryAfterSeconds'] : undefined;
    if (typeof seconds === 'number') reply.header('retry-after', String(seconds));
    throw error;
  }
}
