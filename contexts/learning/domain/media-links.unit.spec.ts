import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { linkUsable, mediaLinksDecider } from './media-links.js';

const spec = deciderSpec(mediaLinksDecider);
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T10:15:00.000Z';
const issue = (protectedMedia = true) => ({ type: 'IssueLink', data: { actor: 'u1', mediaId: 'm1', linkId: 'l1', lang: 'pt-BR', protectedMedia, now, expiresAt: later } }) as const;
const issued = { type: 'MediaLinkIssued', data: { actor: 'u1', mediaId: 'm1', linkId: 'l1', lang: 'pt-BR', issuedAt: now, expiresAt: later } } as const;

describe('protected media links', () => {
  it('issues a link to a protected file, once per link id', () => {
    spec.given([]).when(issue()).then([issued]);
    spec.given([issued]).when(issue()).thenNothing();
    spec.given([]).when(issue(false)).thenThrows('app/bed-request');
  });
  it('revokes every link issued up to now', () => {
    const revoke = { type: 'RevokeLinks', data: { actor: 'u1', mediaId: 'm1', now: '2026-11-21T10:05:00.000Z' } } as const;
    const revoked = { type: 'MediaLinkRevoked', data: { actor: 'u1', mediaId: 'm1', revokedAt: '2026-11-21T10:05:00.000Z' } } as const;
    spec.given([]).when(revoke).then([revoked]);
    spec.given([revoked]).when(revoke).thenNothing();
    expect(linkUsable(issued.data, revoked.data.revokedAt, '2026-11-21T10:06:00.000Z')).toBe(false);
    expect(linkUsable({ issuedAt: '2026-11-21T10:05:00.001Z', expiresAt: later }, revoked.data.revokedAt, '2026-11-21T10:06:00.000Z')).toBe(true);
  });
  it('stops working at expiry', () => {
    expect(linkUsable(issued.data, null, '2026-11-21T10:14:59.999Z')).toBe(true);
    expect(linkUsable(issued.data, null, later)).toBe(false);
  });
});
