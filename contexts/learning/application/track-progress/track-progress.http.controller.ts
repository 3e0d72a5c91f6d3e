import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { checkpointToString, type Checkpoint } from '@portal/eventstore';
import {
  appendContextOf,
  Authorized,
  CurrentRequest,
  GuestOrUser,
  parseInput,
  Public,
  TOKENS,
  ZodBody,
  ZodParams,
  type PortalRequest,
  type TokenService,
} from '@portal/platform';
import type { z } from 'zod';
import {
  beaconBodySchema,
  contentParamsSchema,
  entryWriteBodySchema,
  entryWriteParamsSchema,
  mediaStateBodySchema,
  mediaStateParamsSchema,
  stationWriteBodySchema,
  stationWriteParamsSchema,
  type EntryState,
  type EntryWriteBody,
  type EntryWriteResponse,
  type StationWriteBody,
} from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { TrackProgressCommand, type TrackAction, type TrackResult } from './track-progress.command.js';

type Reply = { header(name: string, value: string): unknown; code(status: number): unknown };

export const setPosition = (reply: { header(name: string, value: string): unknown }, checkpoint: Checkpoint | null) => {
  if (checkpoint) reply.header('x-event-position', checkpointToString(checkpoint));
};

/** Progress reports of 000 §7: content views, media state, station visits and feedback, entry progress. */
@Controller()
export class TrackProgressController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS) private readonly tokens: TokenService,
  ) {}

  private async track(req: PortalRequest, reply: Reply, action: TrackAction): Promise<TrackResult> {
    const principal = requireActivePrincipal(req.principal);
    const outcome = await this.commands.execute(new TrackProgressCommand(principal, action, appendContextOf(req)));
    setPosition(reply, outcome.checkpoint);
    return outcome.value;
  }

  @Post('content/view/:contentId')
  @HttpCode(200)
  @GuestOrUser()
  async view(@ZodParams(contentParamsSchema) params: z.infer<typeof contentParamsSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply): Promise<EntryState> {
    return (await this.track(req, reply, { kind: 'view', entryId: params.contentId })).entry!;
  }

  @Post('content/media-state/:contentId/:mediaId')
  @HttpCode(200)
  @GuestOrUser()
  async mediaState(
    @ZodParams(mediaStateParamsSchema) params: z.infer<typeof mediaStateParamsSchema>,
    @ZodBody(mediaStateBodySchema) body: z.infer<typeof mediaStateBodySchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<{ ok: true }> {
    await this.track(req, reply, { kind: 'media-state', entryId: params.contentId, mediaId: params.mediaId, data: body.data });
    return { ok: true };
  }

  @Post('user-store/station/:station')
  @HttpCode(200)
  @Authorized()
  async station(
    @ZodParams(stationWriteParamsSchema) params: z.infer<typeof stationWriteParamsSchema>,
    @ZodBody(stationWriteBodySchema) body: StationWriteBody,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<TrackResult['station']> {
    const result = await this.track(req, reply, { kind: 'station', stationId: params.station, visit: body.visit === true, viewType: body.viewType, feedbackScore: body.feedbackScore });
    return result.station;
  }

  @Post('user-store/station/:station/:video')
  @HttpCode(200)
  @Authorized()
  async entry(
    @ZodParams(entryWriteParamsSchema) params: z.infer<typeof entryWriteParamsSchema>,
    @ZodBody(entryWriteBodySchema) body: EntryWriteBody,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<EntryWriteResponse> {
    const result = await this.track(req, reply, { kind: 'entry', stationId: params.station, entryId: params.video, body });
    return { entry: result.entry!, station: result.station, completed: result.completed };
  }

  /**
   * navigator.sendBeacon on page hide cannot set headers: the access token is in the body
   * (text/plain or JSON), checked as the guard would (signed in, verified, Completed).
   */
  @Post('user-store/beacon')
  @HttpCode(204)
  @Public()
  async beacon(@CurrentRequest() req: PortalRequest & { body?: unknown }, @Res({ passthrough: true }) reply: Reply): Promise<void> {
    let raw = req.body;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw new AppError('app/bed-request', 'Invalid request', [{ path: '', message: 'the body must be JSON' }]);
      }
    }
    const body = parseInput(beaconBodySchema, raw ?? {});
    const principal = await this.tokens.verify(body.accessToken);
    if (!principal.emailVerified || principal.registerStatus !== 'Completed') throw new AppError('403', 'Verify your e-mail and complete your profile first');
    const { accessToken: _token, station, video, ...tick } = body;
    void _token;
    const command = new TrackProgressCommand(principal, { kind: 'entry', stationId: station, entryId: video, body: tick }, appendContextOf(req, principal));
    const outcome = await this.commands.execute(command);
    setPosition(reply, outcome.checkpoint);
  }
}
