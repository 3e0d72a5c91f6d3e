import { Inject, Injectable } from '@nestjs/common';
import { checkpointToString } from '@portal/eventstore';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { loadCatalogue } from '@portal/projection-catalogue';
import { buildCatalogueModel, type CatalogueModel } from '../../domain/index.js';
import { waitForPosition } from './reads.js';
import type { Checkpoint } from '@portal/eventstore';

/** How long a loaded catalogue serves when another process runs the projection. */
const MAX_AGE_MS = 10_000;

/**
 * The catalogue is small and read on every request: it is held in memory and reloaded when the
 * catalogue projection moves (or after MAX_AGE_MS, for projections run by another process).
 */
@Injectable()
export class CatalogueService {
  private cached: { key: string; at: number; model: CatalogueModel } | null = null;
  private loading: Promise<CatalogueModel> | null = null;

  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async model(min: Checkpoint | null = null): Promise<CatalogueModel> {
    if (min) await waitForPosition(this.projections, ['catalogue'], min);
    const status = this.projections.status().find((s) => s.name === 'catalogue');
    const key = status ? `${status.schema}@${checkpointToString(status.checkpoint)}` : 'none';
    if (this.cached && this.cached.key === key && Date.now() - this.cached.at < MAX_AGE_MS) return this.cached.model;
    this.loading ??= (async () => {
      try {
        const snapshot = await loadCatalogue(this.projections.reader('catalogue'));
        const model = buildCatalogueModel(snapshot);
        this.cached = { key, at: Date.now(), model };
        return model;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}
