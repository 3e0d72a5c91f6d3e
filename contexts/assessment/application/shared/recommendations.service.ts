import { Inject, Injectable, Logger } from '@nestjs/common';
import { checkpointToString, type Checkpoint } from '@portal/eventstore';
import { CATALOGUE, PROJECTIONS, REALTIME, type RealtimeHub } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { contentStatusOf, entryLink, rootOf, type CatalogueModel, type CatalogueReader } from '@portal/learning/contracts';
import { entryStates, recommendationsOf, type EntryStateRow, type RecommendationRow } from '@portal/projection-recommendations';
import { viewedRowIds } from '@portal/projection-engagement';
import type { Recommendation } from '../../contracts/index.js';
import type { MediaRecommendation, RecommendationView } from '../../contracts/index.js';

/**
 * Recommendation views (000 §3 Recommendation with its videosState of media recommendation
 * items), the unseen count (000 §4.6) and the realtime pushes after an answer.
 */
@Injectable()
export class RecommendationsService {
  private readonly logger = new Logger('Recommendations');

  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(REALTIME) private readonly realtime: RealtimeHub,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  private item(cat: CatalogueModel, entryId: string, states: ReadonlyMap<string, EntryStateRow>): MediaRecommendation | null {
    const found = cat.entries.get(entryId);
    if (!found) return null;
    const station = cat.stations.get(found.stationId)!;
    const root = rootOf(cat, found.stationId);
    const e = found.entry;
    const status = contentStatusOf(states.get(entryId) ?? null, false);
    return {
      uid: `${found.stationId}:${entryId}`,
      rowId: entryId,
      entryId,
      stationId: found.stationId,
      type: e.type,
      contentTitle: e.title,
      stationTitle: station.title,
      cropTitle: root && root.stationId !== station.stationId ? root.title : null,
      searchKeywords: e.searchKeywords ?? null,
      tags: e.tags,
      thumbSrc: e.thumbSrc ?? null,
      progress: status.progress,
      showInNotification: e.showInNotification,
      contentStatus: status.status,
      mediaUpdatedAt: null,
      to: entryLink(cat, found.stationId, e),
    };
  }

  /** GET /adaptive/recommendations: newest recommendation last, as recorded. */
  async list(actor: string): Promise<{ recommendations: RecommendationView[]; unseen: number }> {
    const cat = await this.catalogue.model();
    const rows = await recommendationsOf(this.projections.reader('recommendations'), actor);
    const states = await entryStates(this.projections.reader('recommendations'), actor, rows.flatMap((r) => r.entryIds));
    const recommendations = rows.map((r) => this.view(cat, r, states));
    return { recommendations, unseen: await this.unseenOf(actor, recommendations) };
  }

  private view(cat: CatalogueModel, r: RecommendationRow, states: ReadonlyMap<string, EntryStateRow>): RecommendationView {
    return {
      recommendationId: r.recommendationId,
      questionId: r.questionId,
      questionLabel: cat.questions.get(r.questionId)?.label ?? null,
      stationId: r.stationId,
      status: r.visitedAt ? 'visited' : 'initial',
      createdAt: r.createdAt,
      visitedAt: r.visitedAt,
      videosState: r.entryIds.map((id) => this.item(cat, id, states)).filter((x): x is MediaRecommendation => x !== null),
    };
  }

  /**
   * 000 §4.6: recommended items with showInNotification whose content status is initial, of
   * recommendations not visited, that the learner has not marked seen in the notifications
   * sidebar (the engagement read model's viewed row ids).
   */
  private async unseenOf(actor: string, recommendations: RecommendationView[]): Promise<number> {
    const rowIds = [
      ...new Set(recommendations.filter((r) => r.status === 'initial').flatMap((r) => r.videosState.filter((v) => v.showInNotification && v.contentStatus === 'initial').map((v) => v.rowId))),
    ];
    if (rowIds.length === 0) return 0;
    let seen = new Set<string>();
    try {
      seen = await viewedRowIds(this.projections.reader('engagement'), actor, rowIds);
    } catch {
      // no engagement read model in this process: count without the viewed filter
    }
    return rowIds.filter((id) => !seen.has(id)).length;
  }

  /**
   * After an answer: when the recommendation list changed, the learner's open tabs hear it (SSE
   * `recommendations`, with the position to read at) and, when an item of the notifications
   * sidebar is involved, the new unseen count. An unchanged list sends nothing (ADR 0043).
   */
  async pushAfterAnswer(actor: string, before: readonly Recommendation[], after: readonly Recommendation[], checkpoint: Checkpoint | null): Promise<void> {
    const key = (list: readonly Recommendation[]) => list.map((r) => `${r.recommendationId}:${r.visitedAt ?? ''}`).join('|');
    if (key(before) === key(after)) return;
    try {
      await this.realtime.publish(actor, {
        type: 'recommendations',
        data: {
          position: checkpoint ? checkpointToString(checkpoint) : '',
          recommendations: after.map((r) => ({ recommendationId: r.recommendationId, questionId: r.questionId, entryIds: r.entryIds, status: r.visitedAt ? 'visited' : 'initial' })),
        },
      });
      const cat = await this.catalogue.model();
      const notifiable = (list: readonly Recommendation[]) =>
        list.filter((r) => r.visitedAt === null).flatMap((r) => r.entryIds.filter((id) => cat.entries.get(id)?.entry.showInNotification === true));
      if (notifiable(before).length === 0 && notifiable(after).length === 0) return;
      const states = await entryStates(this.projections.reader('recommendations'), actor, after.flatMap((r) => r.entryIds));
      const views = after.map((r) => this.view(cat, { ...r }, states));
      await this.realtime.publish(actor, { type: 'unseen', data: { count: await this.unseenOf(actor, views) } });
    } catch (error) {
      this.logger.warn(`realtime push failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
