import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { LOCALES, type Locale } from '@portal/kernel';
import { parse as uuidParse, stringify as uuidStringify } from 'uuid';
import type { ContentEntry } from '../../contracts/index.js';

/** The first locale with a source, preferring the requested one. */
export const localeFor = (entry: ContentEntry, wanted: Locale | undefined): Locale | null => (wanted && entry.src[wanted] ? wanted : (LOCALES.find((l) => entry.src[l]) ?? null));

/**
 * Short signed links (ADR 0024): base64url of the link id (16 bytes), the expiry in unix seconds
 * (4 bytes) and a 128-bit truncated HMAC-SHA256 of both: 48 characters, under the router's
 * 100-character parameter limit. Who and what the link is for lives in the link's stream.
 */
export class MediaLinkSigner {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHash('sha256').update(`media-links\0${secret}`).digest();
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, 16);
  }

  sign(linkId: string, expiresAt: string): string {
    const body = Buffer.alloc(20);
    Buffer.from(uuidParse(linkId)).copy(body, 0);
    body.writeUInt32BE(Math.ceil(Date.parse(expiresAt) / 1000), 16);
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** The link id and expiry of an authentic link, or null. */
  verify(hash: string): { linkId: string; expiresAtSeconds: number } | null {
    const raw = Buffer.from(hash, 'base64url');
    if (raw.length !== 36 || raw.toString('base64url') !== hash) return null;
    const body = raw.subarray(0, 20);
    if (!timingSafeEqual(raw.subarray(20), this.mac(body))) return null;
    return { linkId: uuidStringify(body.subarray(0, 16)), expiresAtSeconds: body.readUInt32BE(16) };
  }
}
