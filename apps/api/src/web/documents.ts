import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QueryBus } from '@nestjs/cqrs';
import type { AppConfigResponse } from '@portal/identity/contracts/http';
import { SESSION_MARKER_COOKIE } from '@portal/identity/contracts/http';
import { DOCUMENT_COOKIE } from '@portal/identity/application';
import type { Locale, Principal } from '@portal/kernel';
import { principalOf, type AppConfig, type DocumentSession, type PortalRequest, type TokenService } from '@portal/platform';
import { appConfigAnswer } from '../app-config.controller.js';
import { documentReader, documentReads } from './document-reads.js';

/** The server bundle's API (apps/web/src/entry-server.tsx); imported at run time, not bundled. */
interface ServerEntry {
  render(input: {
    url: string;
    headers: Record<string, string>;
    locale?: Locale;
    claims: Record<string, unknown> | null;
    appConfig: AppConfigResponse;
    read: (method: string, path: string) => Promise<Response>;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'document'; status: number; lang: string; title: string; description: string; html: string; payload: unknown }
  >;
  payloadScript(payload: unknown, id: string): string;
}

interface Logger {
  error(object: unknown, message: string): void;
}

/** Rendered for everyone: the public pages, the booking start and country pages, the survey, the certificate check, the auth screens. */
const PUBLIC_SCREENS = [/^\/$/, /^\/br(\/.*)?$/, /^\/tour\/[^/]+$/, /^\/ar\/content\/[^/]+$/, /^\/public\/booking(\/[^/]+)?$/, /^\/public\/survey(\/.*)?$/, /^\/certificates\/verify\/[^/]+$/, /^\/auth(\/register|\/reset-password)?$/, /^\/auth2$/];
/** Rendered for the signed-in user (a signed-out request is redirected by the screens' own guards). */
const SIGNED_IN_SCREENS = [/^\/home$/, /^\/training$/, /^\/training\/[^/]+$/, /^\/station\/[^/]+(\/[^/]+)?$/, /^\/journey$/];

/** Signed-in screens whose signed-out document is the guard's redirect (000 §2.2), answered on the server. */
const SIGNED_OUT_REDIRECTS = [/^\/home\/?$/];

export type ScreenKind = 'public' | 'signed-in' | 'shell';

/** Which documents the server renders (ADR 0090); every other path gets the shell document as before. */
export const screenKindOf = (path: string): ScreenKind => {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (PUBLIC_SCREENS.some((p) => p.test(bare))) return 'public';
  if (SIGNED_IN_SCREENS.some((p) => p.test(bare))) return 'signed-in';
  return 'shell';
};

/** Per-user documents are never stored anywhere; public ones may be kept a minute. */
export const PRIVATE_DOCUMENT = 'private, no-store';
export const PUBLIC_DOCUMENT = 'public, max-age=60';
export const HYDRATION_ELEMENT_ID = 'portal-ssr';

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The first document of a screen, rendered by the API process (ADR 0090). The SPA's server bundle
 * renders it with the same routes and loaders as the browser; the loaders' reads are answered
 * in-process (document-reads.ts). Anything that goes wrong (no bundle, a loader or a component that
 * throws, a render that takes too long) is logged and answered with the shell document, as before:
 * never a 500 page.
 */
export class DocumentRenderer {
  private entry: Promise<ServerEntry | null> | undefined;
  private template: string | undefined;
  private readonly reads;

  constructor(
    private readonly deps: {
      webDist: string;
      serverEntry: string;
      queries: QueryBus;
      tokens: TokenService;
      config: AppConfig;
      log: Logger;
      /** The user's claims now (identity's `SessionService.currentClaims`); null: no longer an active account. */
      currentClaims: (userId: string, sessionId: string) => Promise<Record<string, unknown> | null>;
    },
  ) {
    this.reads = documentReads(deps.queries, deps.config);
  }

  private load(): Promise<ServerEntry | null> {
    this.entry ??= existsSync(this.deps.serverEntry)
      ? (import(pathToFileURL(this.deps.serverEntry).href) as Promise<ServerEntry>).catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'the server renderer could not be loaded: documents are the shell');
          return null;
        })
      : Promise.resolve(null);
    return this.entry;
  }

  private shell(): string {
    this.template ??= readFileSync(join(this.deps.webDist, 'index.html'), 'utf8');
    return this.template;
  }

  /**
   * Who the document is for. The cookie's token says who and which session (and the revocation list
   * applies to it); what they may see is read again, so the document shows a grant or a withdrawal
   * made after the cookie was issued, as the SPA's next refresh would (the claims of the token are
   * only as new as the last refresh).
   */
  private async documentSession(token: string | undefined): Promise<DocumentSession> {
    const session = this.deps.tokens.verifyDocument(token);
    if (session.kind !== 'user') return session;
    const fresh = await this.deps.currentClaims(session.principal.userId, session.principal.sessionId ?? '');
    if (!fresh) return { kind: 'revoked' };
    const claims = { ...session.claims, ...fresh };
    return { kind: 'user', principal: principalOf(claims), claims, claimsCurrent: true };
  }

  /** Answers a document request, or returns false for the caller to send the shell document. */
  async answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const path = request.url.split('?')[0]!;
    const kind = screenKindOf(path);
    if (kind === 'shell') return false;
    const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
    const session = await this.documentSession(cookies[DOCUMENT_COOKIE]);
    // A session marker without a valid document cookie (it outlived its few minutes): the server
    // cannot tell who this is, the SPA can (its refresh cookie). The shell, as before.
    if (session.kind === 'unknown' && cookies[SESSION_MARKER_COOKIE] !== undefined) return false;
    // Signed out, the learner screens that guests may also open (a guest station, 000 §6) are left
    // to the browser, which has the guest id; /home's guard redirects on the server.
    if (kind === 'signed-in' && session.kind !== 'user' && !SIGNED_OUT_REDIRECTS.some((p) => p.test(path))) return false;
    const entry = await this.load();
    if (!entry) return false;
    const principal: Principal | undefined = session.kind === 'user' ? session.principal : undefined;
    const headers = Object.fromEntries(Object.entries(request.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const portalRequest: PortalRequest = { id: request.id, correlationId: request.id, headers: { ...headers, 'x-min-position': undefined }, ip: request.ip, ...(principal ? { principal } : {}) };
    const origin = `${request.protocol}://${request.host}`;
    const started = performance.now();
    try {
      const result = await entry.render({
        url: `${origin}${request.url}`,
        headers,
        claims: session.kind === 'user' ? session.claims : null,
        appConfig: appConfigAnswer(this.deps.config),
        read: documentReader(this.reads, principal, portalRequest),
      });
      reply.header('vary', 'Cookie, Accept-Language');
      reply.header('cache-control', session.kind === 'user' ? PRIVATE_DOCUMENT : kind === 'signed-in' ? PRIVATE_DOCUMENT : PUBLIC_DOCUMENT);
      reply.header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
      if (result.kind === 'redirect') {
        reply.header('cache-control', PRIVATE_DOCUMENT);
        await reply.redirect(result.location, result.status);
        return true;
      }
      const html = this.shell()
        .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(result.lang)}" data-mantine-color-scheme="light"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(result.title)}</title>`)
        .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(result.description)}"`)
        .replace('<div id="root"></div>', `<div id="root">${result.html}</div>${entry.payloadScript(result.payload, HYDRATION_ELEMENT_ID)}`);
      await reply.code(result.status).type('text/html; charset=utf-8').send(html);
      return true;
    } catch (error) {
      this.deps.log.error({ err: error, path }, 'server render failed: answered with the shell document');
      reply.removeHeader('vary');
      reply.removeHeader('server-timing');
      return false;
    }
  }
}
