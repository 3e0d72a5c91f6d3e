import { Controller, Get, Inject } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import { Authorized, CATALOGUE, CurrentRequest, PROJECTIONS, requireUser, ZodParams, type PortalRequest } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { learnerScores, stationScores } from '@portal/projection-scores';
import { rootOf, type CatalogueReader } from '@portal/learning/contracts';
import type { z } from 'zod';
import { stationScoreParamsSchema } from '../../contracts/index.js';
import { waitForReads } from '../shared/reads.js';

/** Score detail (000 §3, §9; ADR 0044): per crop and total, and the main header's active station. Honour x-min-position. */
@Controller('scores')
export class ScoresController {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  @Get()
  @Authorized()
  async scores(@CurrentRequest() req: PortalRequest) {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['scores']);
    const [scores, cat] = await Promise.all([learnerScores(this.projections.reader('scores'), user.userId), this.catalogue.model()]);
    return {
      total: scores.total,
      crops: scores.crops
        .map((c) => ({ cropId: c.cropId, title: cat.stations.get(c.cropId)?.title ?? null, ...c.detail }))
        .sort((a, b) => (cat.stations.get(a.cropId)?.listingOrder ?? 0) - (cat.stations.get(b.cropId)?.listingOrder ?? 0) || a.cropId.localeCompare(b.cropId)),
    };
  }

  @Get('station/:stationId')
  @Authorized()
  async station(@ZodParams(stationScoreParamsSchema) p: z.infer<typeof stationScoreParamsSchema>, @CurrentRequest() req: PortalRequest) {
    const user = requireUser(req.principal);
    await waitForReads(this.projections, req, ['scores']);
    const cat = await this.catalogue.model();
    const root = rootOf(cat, p.stationId);
    if (!root) throw new AppError('404');
    const scores = await stationScores(this.projections.reader('scores'), user.userId, p.stationId, root.stationId);
    return { stationId: p.stationId, cropId: root.stationId, ...scores };
  }
}
