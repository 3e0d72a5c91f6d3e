import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { actorOf, AppError, LOCALES, type Principal } from '@portal/kernel';
import { appendContextOf, Authorized, CurrentRequest, PROJECTIONS, ZodBody, ZodParams, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScormState, listScormStates, type ScormStateRow } from '@portal/projection-progress';
import type { z } from 'zod';
import {
  scormContentBodySchema,
  scormContentParamsSchema,
  scormIdParamsSchema,
  scormProgressBodySchema,
  SCORM_STATUSES,
  progressStream,
  entriesOf,
  type ContentEntry,
  type scormContentSchema,
  type scormListItemSchema,
  type scormProgressSchema,
} from '../../contracts/index.js';
import type { EntryProgress } from '../../domain/index.js';
import { requireEntry, visibleStations } from '../shared/access.js';
import { LearnerReader } from '../shared/learner-reader.js';
import { minPositionOf, waitForPosition } from '../shared/reads.js';
import { languagesOf, mediaUrl } from '../shared/views.js';
import { setPosition } from '../track-progress/track-progress.http.controller.js';
import { TrackProgressCommand } from '../track-progress/track-progress.command.js';
import { CatalogueService } from '../shared/catalogue.service.js';
import { ProgressWriter } from '../shared/progress-writer.js';

type ScormProgress = z.infer<typeof scormProgressSchema>;
type Reply = { header(name: string, value: string): unknown };

const statusOf = (value: string | null): ScormProgress['status'] => ((SCORM_STATUSES as readonly string[]).includes(value ?? '') ? (value as ScormProgress['status']) : null);

function progressFromRow(entry: ContentEntry, stationId: string, row: ScormStateRow | null, completedAt: string | null): ScormProgress {
  return {
    scormId: entry.entryId,
    stationId,
    version: entry.scormVersion ?? '1.2',
    status: statusOf(row?.status ?? row?.lessonStatus ?? null),
    score: row?.score ?? null,
    completed: completedAt !== null,
    completedAt,
    updatedAt: row?.savedAt ?? row?.completedAt ?? null,
  };
}

function progressFromState(entry: ContentEntry, stationId: string, p: EntryProgress | undefined): ScormProgress {
  const s = p?.scorm;
  return {
    scormId: entry.entryId,
    stationId,
    version: entry.scormVersion ?? '1.2',
    status: statusOf(s?.status ?? s?.lessonStatus ?? null),
    score: s?.score ?? null,
    completed: (p?.completedAt ?? null) !== null,
    completedAt: p?.completedAt ?? null,
    updatedAt: s?.savedAt ?? s?.completedAt ?? null,
  };
}

const requireUserPrincipal = (req: PortalRequest): Principal => {
  if (!req.principal || req.principal.kind !== 'user') throw new AppError('401', 'User is not authenticated');
  return req.principal;
};

/** SCORM courses (000 §7): list, progress, and the run-time data saved and restored. */
@Controller()
export class ScormController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressWriter) private readonly writer: ProgressWriter,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  private async scormEntry(principal: Principal, scormId: string) {
    const model = await this.catalogue.model();
    const found = requireEntry(model, principal, scormId);
    if (found.entry.type !== 'scorm') throw new AppError('404');
    return found;
  }

  @Get('scorms')
  @Authorized()
  async list(@CurrentRequest() req: PortalRequest): Promise<z.infer<typeof scormListItemSchema>[]> {
    const principal = requireUserPrincipal(req);
    const min = minPositionOf(req);
    const view = await this.reader.view(principal, min);
    const rows = new Map((await listScormStates(this.projections.reader('progress'), actorOf(principal))).map((r) => [r.entryId, r]));
    const items: z.infer<typeof scormListItemSchema>[] = [];
    for (const station of visibleStations(view.model, principal)) {
      for (const entry of entriesOf(station).filter((e) => e.type === 'scorm')) {
        const launchUrl: Record<string, string> = {};
        for (const l of LOCALES) {
          const url = mediaUrl(entry.src[l], station.mediaHashes);
          if (url) launchUrl[l] = url;
        }
        items.push({
          scormId: entry.entryId,
          stationId: station.stationId,
          title: entry.title,
          description: entry.description && Object.keys(entry.description).length > 0 ? entry.description : null,
          thumbSrc: mediaUrl(entry.thumbSrc, station.mediaHashes),
          version: entry.scormVersion ?? '1.2',
          launchUrl,
          languages: languagesOf(entry),
          lock: view.entryLock(station.stationId, entry),
          progress: progressFromRow(entry, station.stationId, rows.get(entry.entryId) ?? null, view.entryStates.get(entry.entryId)?.completedAt ?? null),
        });
      }
    }
    return items;
  }

  @Get('scorms/progress/:scormId')
  @Authorized()
  async progress(@ZodParams(scormIdParamsSchema) params: z.infer<typeof scormIdParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<ScormProgress> {
    const principal = requireUserPrincipal(req);
    await waitForPosition(this.projections, ['progress'], minPositionOf(req));
    const { station, entry } = await this.scormEntry(principal, params.scormId);
    const view = await this.reader.view(principal, null);
    const row = await findScormState(this.projections.reader('progress'), actorOf(principal), entry.entryId);
    return progressFromRow(entry, station.stationId, row, view.entryStates.get(entry.entryId)?.completedAt ?? null);
  }

  @Post('scorms/progress')
  @HttpCode(200)
  @Authorized()
  async report(@ZodBody(scormProgressBodySchema) body: z.infer<typeof scormProgressBodySchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply): Promise<ScormProgress> {
    const principal = requireUserPrincipal(req);
    const { station, entry } = await this.scormEntry(principal, body.scormId);
    const outcome = await this.commands.execute(new TrackProgressCommand(principal, { kind: 'scorm-status', entryId: entry.entryId, status: body.status, score: body.score ?? null }, appendContextOf(req)));
    setPosition(reply, outcome.checkpoint);
    const state = (await this.writer.load(progressStream(actorOf(principal), station.stationId))).state;
    return progressFromState(entry, station.stationId, state.entries[entry.entryId]);
  }

  @Get('user-store/scorm-content/:id')
  @Authorized()
  async content(@ZodParams(scormContentParamsSchema) params: z.infer<typeof scormContentParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<z.infer<typeof scormContentSchema>> {
    const principal = requireUserPrincipal(req);
    await waitForPosition(this.projections, ['progress'], minPositionOf(req));
    const { station, entry } = await this.scormEntry(principal, params.id);
    const row = await findScormState(this.projections.reader('progress'), actorOf(principal), entry.entryId);
    const view = await this.reader.view(principal, null);
    return {
      scormId: entry.entryId,
      version: entry.scormVersion ?? '1.2',
      cmi: row?.cmi ?? {},
      savedAt: row?.savedAt ?? null,
      progress: progressFromRow(entry, station.stationId, row, view.entryStates.get(entry.entryId)?.completedAt ?? null),
    };
  }

  @Post('user-store/scorm-content/:id')
  @HttpCode(200)
  @Authorized()
  async save(
    @ZodParams(scormContentParamsSchema) params: z.infer<typeof scormContentParamsSchema>,
    @ZodBody(scormContentBodySchema) body: z.infer<typeof scormContentBodySchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<z.infer<typeof scormContentSchema>> {
    const principal = requireUserPrincipal(req);
    const { station, entry } = await this.scormEntry(principal, params.id);
    const outcome = await this.commands.execute(new TrackProgressCommand(principal, { kind: 'scorm-state', entryId: entry.entryId, cmi: body.cmi }, appendContextOf(req)));
    setPosition(reply, outcome.checkpoint);
    const p = (await this.writer.load(progressStream(actorOf(principal), station.stationId))).state.entries[entry.entryId];
    return { scormId: entry.entryId, version: entry.scormVersion ?? '1.2', cmi: p?.scorm?.cmi ?? {}, savedAt: p?.scorm?.savedAt ?? null, progress: progressFromState(entry, station.stationId, p) };
  }
}
