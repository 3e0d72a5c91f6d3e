import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@portal/kernel';

const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/**
 * Checks a webhook delivery's X-Hub-Signature-256 (ADR 0073): `sha256=` and the hex HMAC-SHA256
 * of the raw body with the app secret, compared in constant time. No header, or not of that form:
 * 401 messaging-signature-missing; another HMAC: 403 messaging-signature-invalid.
 */
export function verifyMessagingSignature(secret: string, rawBody: Buffer | undefined, header: string | string[] | undefined): void {
  const match = typeof header === 'string' ? SIGNATURE.exec(header.trim()) : null;
  if (!match || rawBody === undefined) throw new AppError('messaging-signature-missing');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  if (!timingSafeEqual(expected, given)) throw new AppError('messaging-signature-invalid');
}

/** The header value a platform (or `npm run portal -- messaging simulate`) sends for a body. */
export const messagingSignatureOf = (secret: string, rawBody: string | Buffer): string => `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/** Compares two secrets in constant time (the handshake's verify token). */
export function sameSecret(a: string, b: string): boolean {
  const x = createHmac('sha256', 'compare').update(a).digest();
  const y = createHmac('sha256', 'compare').update(b).digest();
  return timingSafeEqual(x, y);
}
