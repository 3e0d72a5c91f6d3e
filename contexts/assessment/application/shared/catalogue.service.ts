import { Inject, Injectable } from '@nestjs/common';
import { checkpointToString } from '@portal/eventstore';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { loadCatalogue, type AssessmentCatalogue } from '@portal/projection-questions';

const MAX_AGE_MS = 30_000;

/**
 * The catalogue (questions read model) in memory: it is small and every answer needs it, so it
 * is reloaded only when the read model's checkpoint moved (or after 30 s, for processes that do
 * not run the projection themselves).
 */
@Injectable()
export class CatalogueReader {
  private cache: { key: string; at: number; catalogue: AssessmentCatalogue } | null = null;
  private loading: Promise<AssessmentCatalogue> | null = null;

  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  private key(): string {
    const status = this.projections.status().find((s) => s.name === 'questions');
    return status ? `${status.schema}:${checkpointToString(status.checkpoint)}` : 'none';
  }

  async get(): Promise<AssessmentCatalogue> {
    const key = this.key();
    if (this.cache && this.cache.key === key && Date.now() - this.cache.at < MAX_AGE_MS) return this.cache.catalogue;
    this.loading ??= loadCatalogue(this.projections.reader('questions'))
      .then((catalogue) => {
        this.cache = { key, at: Date.now(), catalogue };
        return catalogue;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** After a miss: wait for everything committed (a pack just imported), then read again. */
  async fresh(): Promise<AssessmentCatalogue> {
    await this.projections.waitForHead('questions');
    this.cache = null;
    return this.get();
  }
}
