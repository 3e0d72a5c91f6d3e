import { Inject, Injectable } from '@nestjs/common';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { APP_CONFIG, CLOCK, EVENT_STORE, PROJECTIONS, TOKENS, handleCommand, loadState, sessionRevocationKey, TokenService, userRevocationKey, type AppConfig } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSessionIds } from '@portal/projection-users';
import { sessionStream, userStream, type SessionResponse } from '../../contracts/index.js';
import type { RegisteredUser } from '../../domain/index.js';
import { sessionDecider, sessionGeneration, userDecider, type SessionCommand } from '../../domain/index.js';
import { parseRefreshToken, refreshTokenFor } from './codes.js';

type RevokeReason = Extract<SessionCommand, { type: 'RevokeSession' }>['data']['reason'];

export interface IssuedSession {
  response: SessionResponse;
  sessionId: string;
  refreshToken: string;
  /** The document cookie's token (ADR 0090): the same claims, for document requests only. */
  documentToken: string;
  maxAgeSeconds: number;
  checkpoint: Checkpoint | null;
}

/** Sessions: a short-lived bearer access token plus a rotating refresh token (cookie). */
@Injectable()
export class SessionService {
  constructor(
    @Inject(TOKENS) private readonly tokens: TokenService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  /** Claims come from explicit fields only: the aggregate state also holds the password hash. */
  accessToken(user: RegisteredUser, sessionId: string): Promise<string> {
    return this.tokens.issue(this.claimsOf(user, sessionId));
  }

  /** The document cookie's token (ADR 0090), with the claims of the access token issued beside it. */
  documentToken(user: RegisteredUser, sessionId: string): string {
    return this.tokens.issueDocument(this.claimsOf(user, sessionId));
  }

  /**
   * The claims of a document request read again from the user's stream (ADR 0090): the document
   * cookie says who and which session, the log says what they may see now, so a grant or a
   * withdrawal made after the cookie was issued shows in the next document. Null for a user who is
   * no longer a registered, active account: the document is rendered signed out.
   */
  async currentClaims(userId: string, sessionId: string): Promise<ReturnType<SessionService['claimsOf']> | null> {
    const user = (await loadState(this.store, userStream(userId), userDecider)).state;
    if (user.status !== 'registered' || !user.active) return null;
    return this.claimsOf(user, sessionId);
  }

  private claimsOf(user: RegisteredUser, sessionId: string) {
    return {
      sub: user.userId,
      sid: sessionId,
      email: user.email,
      roles: user.roles,
      permissions: user.permissions,
      aclTags: user.aclTags,
      companyId: user.companyId,
      country: user.country,
      allowedStations: user.allowedStations,
      registerStatus: user.registerStatus,
      emailVerified: user.emailVerified,
    };
  }

  async start(user: RegisteredUser, context: AppendContext, client: { ip: string | null; userAgent: string | null }, sessionId = newId()): Promise<IssuedSession> {
    const now = this.clock.now();
    const { token, hash } = refreshTokenFor(this.config.jwtSecret, sessionId, 0);
    const expiresAt = new Date(now.getTime() + this.config.sessionTtlSeconds * 1000).toISOString();
    const { result } = await handleCommand(
      this.store,
      sessionStream(sessionId),
      sessionDecider,
      { type: 'StartSession', data: { sessionId, userId: user.userId, refreshHash: hash, now: now.toISOString(), expiresAt, ip: client.ip, userAgent: client.userAgent } },
      { ...context, actor: user.userId },
    );
    return {
      response: { userId: user.userId, accessToken: await this.accessToken(user, sessionId), expiresIn: this.tokens.accessTtlSeconds },
      documentToken: this.documentToken(user, sessionId),
      sessionId,
      refreshToken: token,
      maxAgeSeconds: this.config.sessionTtlSeconds,
      checkpoint: result?.checkpoint ?? null,
    };
  }

  /**
   * Rotates the refresh token; a rotated token presented again revokes the whole session, except
   * the one the last refresh rotated out, within the grace: it gets the current token (ADR 0029).
   */
  async refresh(refreshToken: string, context: AppendContext): Promise<IssuedSession> {
    const parsed = parseRefreshToken(refreshToken);
    if (!parsed) throw new AppError('invalid-user-token');
    const now = this.clock.now();
    const tokenOf = (generation: number) => refreshTokenFor(this.config.jwtSecret, parsed.sessionId, generation);
    const { events, state, result } = await handleCommand(
      this.store,
      sessionStream(parsed.sessionId),
      sessionDecider,
      { type: 'RefreshSession', data: { presentedHash: parsed.hash, now: now.toISOString(), hashOfGeneration: (generation) => tokenOf(generation).hash } },
      context,
    ).catch(async (error: unknown) => {
      throw error instanceof AppError && error.code === 'invalid-user-token' ? await this.disabledOr(parsed, error) : error;
    });
    // an expired session or a replayed (rotated) token was just revoked: refuse
    if (events.some((e) => e.type === 'SessionRevoked')) this.refuseTokensOf(parsed.sessionId, now);
    if (events.some((e) => e.type === 'SessionRevoked') || state.status !== 'active') throw new AppError('invalid-user-token');
    // the current token: just rotated in, or handed again to a client that lost it; a token made
    // under another secret (JWT_SECRET changed since) cannot be handed again
    const current = tokenOf(sessionGeneration(state));
    if (current.hash !== state.currentHash) throw new AppError('invalid-user-token');
    const user = (await loadState(this.store, userStream(state.userId), userDecider)).state;
    if (user.status !== 'registered') throw new AppError('invalid-user-token');
    // a deactivated user's sessions were revoked; one started in the same instant is refused here
    if (!user.active) throw new AppError('user-disabled');
    const maxAgeSeconds = Math.max(0, Math.floor((new Date(state.expiresAt).getTime() - now.getTime()) / 1000));
    return {
      response: { userId: user.userId, accessToken: await this.accessToken(user, parsed.sessionId), expiresIn: this.tokens.accessTtlSeconds },
      documentToken: this.documentToken(user, parsed.sessionId),
      sessionId: parsed.sessionId,
      refreshToken: current.token,
      maxAgeSeconds,
      checkpoint: result?.checkpoint ?? null,
    };
  }

  /**
   * A session revoked by the deactivation of its user, presented with its latest refresh token:
   * said as user-disabled (the owner of the session learns why); anything else stays as refused.
   */
  private async disabledOr(parsed: { sessionId: string; hash: string }, refused: AppError): Promise<AppError> {
    const { state: session } = await loadState(this.store, sessionStream(parsed.sessionId), sessionDecider);
    if (session.status !== 'revoked' || session.currentHash !== parsed.hash) return refused;
    const { state: user } = await loadState(this.store, userStream(session.userId), userDecider);
    return user.status === 'registered' && !user.active ? new AppError('user-disabled') : refused;
  }

  async revoke(sessionId: string, reason: RevokeReason, context: AppendContext): Promise<void> {
    const now = this.clock.now();
    await handleCommand(this.store, sessionStream(sessionId), sessionDecider, { type: 'RevokeSession', data: { reason, now: now.toISOString() } }, context);
    this.refuseTokensOf(sessionId, now);
  }

  /**
   * Revokes every session of a user (a password reset, a deactivation): the sessions the users
   * projection lists once it has read up to `after` (the write that calls for it). A session
   * started later is stopped by that write itself (the new password, the deactivated account).
   */
  async revokeAllOf(userId: string, reason: RevokeReason, after: Checkpoint | null, context: AppendContext): Promise<void> {
    await this.projections.waitFor('users', after);
    for (const sessionId of await listSessionIds(this.projections.reader('users'), userId)) await this.revoke(sessionId, reason, context);
  }

  /**
   * This instance refuses the user's access tokens issued up to `at` at once (a deactivation, a
   * change of access); the others learn it from the revocations projection (ADR 0031).
   */
  refuseUserTokens(userId: string, at: Date): void {
    this.tokens.revocations.add({ key: userRevocationKey(userId), notBefore: at, revokedAt: at });
  }

  /**
   * This instance refuses the session's access tokens at once; the others learn it from the
   * revocations projection within seconds (ADR 0031).
   */
  private refuseTokensOf(sessionId: string, at: Date): void {
    this.tokens.revocations.add({ key: sessionRevocationKey(sessionId), notBefore: null, revokedAt: at });
  }
}
