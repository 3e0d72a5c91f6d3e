import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * E-mail action codes: `<base64url(userId)>.<32 random bytes>`. The user id routes the code to
 * its stream; only the sha256 of the whole code is stored, so the log never holds a usable link.
 */
export function newActionCode(userId: string): { oobCode: string; codeHash: string } {
  const oobCode = `${Buffer.from(userId, 'utf8').toString('base64url')}.${randomBytes(32).toString('base64url')}`;
  return { oobCode, codeHash: sha256(oobCode) };
}

export function parseActionCode(oobCode: string): { userId: string; codeHash: string } | null {
  const [head, secret] = oobCode.split('.');
  if (!head || !secret || secret.length < 20) return null;
  const userId = Buffer.from(head, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  return { userId, codeHash: sha256(oobCode) };
}

/** Six-digit phone codes, hashed with the user and number so a code is useless elsewhere. */
export function newPhoneCode(userId: string, phone: string): { code: string; codeHash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, codeHash: phoneCodeHash(userId, phone, code) };
}
export const phoneCodeHash = (userId: string, phone: string, code: string) => sha256(`${userId}|${phone}|${code}`);

/**
 * Refresh tokens: `<sessionId>.<mac>`, where the mac is an HMAC of the session id and its
 * generation (how many times it was rotated) under the server's secret; the log stores only the
 * sha256 of the token. Deriving it lets the server hand the current token again to a client
 * whose refresh answer was lost (ADR 0029) without ever storing a usable token.
 */
export function refreshTokenFor(secret: string, sessionId: string, generation: number): { token: string; hash: string } {
  const mac = createHmac('sha256', secret).update(`portal-refresh-token:${sessionId}:${generation}`).digest('base64url');
  const token = `${sessionId}.${mac}`;
  return { token, hash: sha256(token) };
}
export function parseRefreshToken(token: string): { sessionId: string; hash: string } | null {
  const [sessionId, secret] = token.split('.');
  if (!sessionId || !secret || !/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  return { sessionId, hash: sha256(token) };
}
