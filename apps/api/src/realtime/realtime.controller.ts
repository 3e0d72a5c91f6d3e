import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import { Public, REALTIME, TOKENS, TokenService, type RealtimeHub } from '@portal/platform';
import { APP_VERSION } from '../version.js';

type RawReply = { raw: NodeJS.WritableStream & { writeHead(status: number, headers: Record<string, string>): void; on(e: string, cb: () => void): void }; hijack(): void };
type RawRequest = { raw: { on(e: string, cb: () => void): void } };

export const HEARTBEAT_MS = 25_000;

/**
 * One Server-Sent Events stream per signed-in tab: application version, unseen counts and
 * recommendation changes. EventSource cannot send headers, so the short-lived access token
 * comes in the query string (redacted from logs).
 */
@Controller('realtime')
export class RealtimeController {
  constructor(
    @Inject(REALTIME) private readonly hub: RealtimeHub,
    @Inject(TOKENS) private readonly tokens: TokenService,
  ) {}

  @Get('stream')
  @Public()
  async stream(@Query('access_token') token: string | undefined, @Req() req: RawRequest, @Res() reply: RawReply): Promise<void> {
    if (!token) throw new AppError('401');
    const principal = await this.tokens.verify(token);
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
    const unsubscribe = this.hub.subscribe(principal.userId, (m) => (m.type === 'shutdown' ? end() : write(m.type, m.data)));
    const heartbeat = setInterval(() => out.write(`: keep-alive\n\n`), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    // streams never go idle: the instance ends them when it shuts down
    function end() {
      close();
      out.end();
    }
    req.raw.on('close', close);
  }
}
