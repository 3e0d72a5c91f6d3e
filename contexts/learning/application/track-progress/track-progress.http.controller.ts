import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError, type Principal } from '@portal/kernel';
import {
  AnswersWithPosition,
  appendContextOf,
  Authorized,
  CurrentRequest,
  GuestOrUser,
  parseInput,
  Public,
  TOKENS,
  ZodBody,
  ZodParams,
  type CommandOutcome,
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
import type { TrackAction, TrackResult } from '../shared/progress-tracker.js';
import { TrackProgressCommand } from './track-progress.command.js';

/** Progress reports of 000 §7: content views, media state, station visits and feedback, entry progress. */
@Controller()
export class TrackProgressController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS) private readonly tokens: TokenService,
  ) {}

  /** Runs the report; each route answers its own part of the result (the position is the interceptor's). */
  private async track<T>(req: PortalRequest, action: TrackAction, answer: (result: TrackResult) => T, principal: Principal = requireActivePrincipal(req.principal)): Promise<CommandOutcome<T>> {
    const { value, checkpoint } = await this.commands.execute(new TrackProgressCommand(principal, action, appendContextOf(req, principal)));
    return { value: answer(value), checkpoint };
  }

  @Post('content/view/:contentId')
  @HttpCode(200)
  @GuestOrUser()
  @AnswersWithPosition()
  view(@ZodParams(contentParamsSchema) params: z.infer<typeof contentParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<EntryState>> {
    return this.track(req, { kind: 'view', entryId: params.contentId }, (r) => r.entry!);
  }

  @Post('content/media-state/:contentId/:mediaId')
  @HttpCode(200)
  @GuestOrUser()
  @AnswersWithPosition()
  mediaState(
    @ZodParams(mediaStateParamsSchema) params: z.infer<typeof mediaStateParamsSchema>,
    @ZodBody(mediaStateBodySchema) body: z.infer<typeof mediaStateBodySchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<{ ok: true }>> {
    return this.track(req, { kind: 'media-state', entryId: params.contentId, mediaId: params.mediaId, data: body.data }, () => ({ ok: true as const }));
  }

  @Post('user-store/station/:station')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  station(
    @ZodParams(stationWriteParamsSchema) params: z.infer<typeof stationWriteParamsSchema>,
    @ZodBody(stationWriteBodySchema) body: StationWriteBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<TrackResult['station']>> {
    return this.track(req, { kind: 'station', stationId: params.station, visit: body.visit === true, viewType: body.viewType, feedbackScore: body.feedbackScore }, (r) => r.station);
  }

  @Post('user-store/station/:station/:video')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  entry(
    @ZodParams(entryWriteParamsSchema) params: z.infer<typeof entryWriteParamsSchema>,
    @ZodBody(entryWriteBodySchema) body: EntryWriteBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<EntryWriteResponse>> {
    return this.track(req, { kind: 'entry', stationId: params.station, entryId: params.video, body }, (r) => ({ entry: r.entry!, station: r.station, completed: r.completed }));
  }

  /**
   * navigator.sendBeacon on page hide cannot set headers: the access token is in the body
   * (text/plain or JSON), checked as the guard would (signed in, verified, Completed).
   */
  @Post('user-store/beacon')
  @HttpCode(204)
  @Public()
  @AnswersWithPosition()
  async beacon(@CurrentRequest() req: PortalRequest & { body?: unknown }): Promise<CommandOutcome<void>> {
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
    return this.track(req, { kind: 'entry', stationId: station, entryId: video, body: tick }, () => undefined, principal);
  }
}
