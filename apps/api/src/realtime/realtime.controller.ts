import { Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import { Authorized, CurrentRequest, Public, REALTIME, requireUser, TOKENS, TokenService, type PortalRequest, type RealtimeHub } from '@portal/platform';
import type { RealtimeTicketResponse } from '@portal/identity/contracts';
import { APP_VERSION } from '../version.js';
import { StreamTickets } from './stream-tickets.js';

type RawReply = { raw: NodeJS.WritableStream & { writeHead(status: number, headers: Record<string, string>): void; on(e: string, cb: () => void): void }; hijack(): void };
type RawRequest = { raw: { on(e: string, cb: () => void): void } };

export const HEARTBEAT_MS = 25_000;
/** How often an open stream checks that its session was not revoked since (ADR 0031, 0080). */
export const REVOCATION_CHECK_MS = 2_000;

/**
 * One Server-Sent Events stream per signed-in tab: application version, unseen counts and
 * recommendation changes. EventSource cannot send headers, and a token in the URL lands in logs
 * and the browser's history, so the tab first asks for a single-use ticket with its bearer token
 * (POST /api/realtime/ticket) and opens the stream with it (ADR 0080). The stream ends when its
 * session is revoked (sign-out, password reset, deactivation): within REVOCATION_CHECK_MS of the
 * revocation reaching this instance's list.
 */
@Controller('realtime')
export class RealtimeController {
  constructor(
    @Inject(REALTIME) private readonly hub: RealtimeHub,
    @Inject(TOKENS) private readonly tokens: TokenService,
    @Inject(StreamTickets) private readonly tickets: StreamTickets,
  ) {}

  @Post('ticket')
  @Authorized({ allowIncomplete: true })
  async ticket(@CurrentRequest() req: PortalRequest): Promise<RealtimeTicketResponse> {
    const user = requireUser(req.principal);
    // the guard verified the same token: read when it was issued, for the stream's revocation checks
    const { issuedAtMs } = await this.tokens.verifyIssued(String(req.headers.authorization).slice(7).trim());
    return this.tickets.issue({ userId: user.userId, sessionId: user.sessionId, tokenIssuedAtMs: issuedAtMs });
  }

  @Get('stream')
  @Public()
  async stream(@Query('ticket') ticket: string | undefined, @Req() req: RawRequest, @Res() reply: RawReply): Promise<void> {
    if (!ticket) throw new AppError('401');
    const holder = await this.tickets.use(ticket);
    const session = holder && { userId: holder.userId, sessionId: holder.sessionId, issuedAtMs: holder.tokenIssuedAtMs };
    if (!session || this.tokens.isRevoked(session)) throw new AppError('invalid-user-token');
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const write = (type: string, data: unknown) => out.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    write('version', { version: APP_VERSION });
    const unsubscribe = this.hub.subscribe(session.userId, (m) => (m.type === 'shutdown' ? end() : write(m.type, m.data)));
    const heartbeat = setInterval(() => out.write(`: keep-alive\n\n`), HEARTBEAT_MS);
    const revocationCheck = setInterval(() => {
      if (this.tokens.isRevoked(session)) end();
    }, REVOCATION_CHECK_MS);
    const close = () => {
      clearInterval(heartbeat);
      clearInterval(revocationCheck);
      unsubscribe();
    };
    // streams never go idle: the instance ends them when it shuts down, or when their session is revoked
    function end() {
      close();
      out.end();
    }
    req.raw.on('close', close);
  }
}
