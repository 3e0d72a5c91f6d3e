import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { actorOf, LOCALES } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listScormStates } from '@portal/projection-progress';
import type { z } from 'zod';
import { entriesOf, type scormListItemSchema } from '../../contracts/index.js';
import { visibleStations } from '../shared/access.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { scormProgressFromRow } from '../shared/scorm.js';
import { entrySrcUrl, languagesOf, mediaUrl } from '../shared/views.js';
import { ListScormsQuery } from './list-scorms.query.js';

type ScormListItem = z.infer<typeof scormListItemSchema>;

@QueryHandler(ListScormsQuery)
export class ListScormsHandler implements IQueryHandler<ListScormsQuery> {
  constructor(
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, request }: ListScormsQuery): Promise<ScormListItem[]> {
    await waitForReads(this.projections, request, LEARNER_READS);
    const view = await this.reader.view(principal);
    const rows = new Map((await listScormStates(this.projections.reader('progress'), actorOf(principal))).map((r) => [r.entryId, r]));
    const items: ScormListItem[] = [];
    for (const station of visibleStations(view.model, principal)) {
      for (const entry of entriesOf(station).filter((e) => e.type === 'scorm')) {
        const launchUrl: Record<string, string> = {};
        for (const l of LOCALES) {
          const url = entrySrcUrl(entry, l, station.mediaHashes);
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
          progress: scormProgressFromRow(entry, station.stationId, rows.get(entry.entryId) ?? null, view.entryStates.get(entry.entryId)?.completedAt ?? null),
        });
      }
    }
    return items;
  }
}
