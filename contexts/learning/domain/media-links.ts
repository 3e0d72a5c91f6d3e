import { AppError } from '@portal/kernel';
import { mediaLinkEvents, type MediaLinkEvent, type MediaLinkIssued } from '../contracts/events.js';

/**
 * Signed, expiring links to protected files (ADR 0024). Each link is recorded in its own stream
 * (learning.media-link-<linkId>, so the short link finds it); revocations of one learner's links
 * to one file in learning.media-links-<actor>-<mediaId>. The same decider folds both.
 */
export const MEDIA_LINK_TTL_MS = 15 * 60_000;

export interface MediaLinksState {
  issued: MediaLinkIssued['data'] | null;
  lastRevokedAt: string | null;
}
export const initialMediaLinksState = (): MediaLinksState => ({ issued: null, lastRevokedAt: null });

export type MediaLinkCommand =
  | { type: 'IssueLink'; data: { actor: string; mediaId: string; linkId: string; lang: 'pt-BR' | 'es' | 'en'; protectedMedia: boolean; now: string; expiresAt: string } }
  | { type: 'RevokeLinks'; data: { actor: string; mediaId: string; now: string } };

export function decideMediaLinks(command: MediaLinkCommand, state: MediaLinksState): MediaLinkEvent[] {
  switch (command.type) {
    case 'IssueLink': {
      const { actor, mediaId, linkId, lang, protectedMedia, now, expiresAt } = command.data;
      if (!protectedMedia) throw new AppError('app/bed-request', 'This file is not protected: use its src', [{ path: 'mediaId', message: 'not a protected file' }]);
      if (expiresAt <= now) throw new AppError('app/bed-request', 'A link must expire after it is issued');
      // a retried issue of the same link is the same fact
      if (state.issued) return [];
      return [{ type: 'MediaLinkIssued', data: { actor, mediaId, linkId, lang, issuedAt: now, expiresAt } }];
    }
    case 'RevokeLinks': {
      const { actor, mediaId, now } = command.data;
      if (state.lastRevokedAt !== null && state.lastRevokedAt >= now) return [];
      return [{ type: 'MediaLinkRevoked', data: { actor, mediaId, revokedAt: now } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveMediaLinks(state: MediaLinksState, event: MediaLinkEvent): MediaLinksState {
  switch (event.type) {
    case 'MediaLinkIssued':
      return { ...state, issued: event.data };
    case 'MediaLinkRevoked':
      return { ...state, lastRevokedAt: event.data.revokedAt };
    default: {
      const exhaustive: never = event;
      void exhaustive;
      return state;
    }
  }
}

/** A link works until it expires, unless a revocation came at or after its issue time. */
export function linkUsable(link: { issuedAt: string; expiresAt: string }, lastRevokedAt: string | null, now: string): boolean {
  if (now >= link.expiresAt) return false;
  return lastRevokedAt === null || link.issuedAt > lastRevokedAt;
}

export const mediaLinksDecider = { decide: decideMediaLinks, evolve: evolveMediaLinks, initial: initialMediaLinksState, events: mediaLinkEvents };
