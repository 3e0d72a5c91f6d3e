import { Inject, Injectable } from '@nestjs/common';
import { checkpointToString } from '@portal/eventstore';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { loadCatalogue } from '@portal/projection-catalogue';
import { buildCatalogueModel, type CatalogueModel, type CatalogueReader } from '../../contracts/index.js';

/** How long a loaded catalogue serves when another process runs the projection. */
const MAX_AGE_MS = 10_000;

/**
 * The catalogue is small and read on every request of learning, assessment and scoring: one model
 * per process, held in memory and reloaded when the catalogue projection moves (or after
 * MAX_AGE_MS when another process runs the projection). Other contexts inject it as `CATALOGUE`
 * (ADR 0009).
 */
@Injectable()
export class CatalogueService implements CatalogueReader {
  private cached: { key: string; at: number; model: CatalogueModel } | null = null;
  private loading: Promise<CatalogueModel> | null = null;

  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async model(): Promise<CatalogueModel> {
    const status = this.projections.status().find((s) => s.name === 'catalogue');
    const key = status ? `${status.schema}@${checkpointToString(status.checkpoint)}` : 'none';
    // while this process runs the projection every change moves its checkpoint (the key): no reload by age
    if (this.cached && this.cached.key === key && (status?.leaseHeld === true || Date.now() - this.cached.at < MAX_AGE_MS)) return this.cached.model;
    this.loading ??= (async () => {
      try {
        const model = buildCatalogueModel(await loadCatalogue(this.projections.reader('catalogue')));
        this.cached = { key, at: Date.now(), model };
        return model;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  async fresh(): Promise<CatalogueModel> {
    await this.projections.waitForHead('catalogue');
    this.cached = null;
    return this.model();
  }
}
