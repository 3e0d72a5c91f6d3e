import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { EVENT_STORE } from '@portal/platform';
import { catalogueEvents, stationStream, type CatalogueStation, type ContentEntry, type ScormVersion } from '../../contracts/index.js';
import { ScormPackages } from './scorm-packages.js';

/** A SCORM entry as one revision of its station had it: what an attempt on that revision plays. */
export interface PlayedRevision {
  /** the station's catalogue revision (StationRevised.revision) */
  revision: number;
  station: CatalogueStation;
  entry: ContentEntry;
  version: ScormVersion;
  /** a multi-SCO package's SCO ids (empty for one SCO) */
  scoIds: string[];
}

/** The revision a catalogue station is live at (the read model's; a hand-made catalogue's first). */
export const liveRevisionOf = (station: CatalogueStation): number => (station as CatalogueStation & { revision?: number }).revision ?? 1;

const CACHED_MAX = 500;

/**
 * An attempt stays on the revision it began on (issue 27, ADR 0084 "An attempt stays on its
 * revision"), as an answer records the question revision it was answered at: the attempt's first
 * commit pins the station revision it was played on (ScormStateSaved.revision), and its resume,
 * its package (files, version, SCOs) and its later commits are that revision's, read from the
 * station's stream as it stood then. An uploaded package's folder never changes, so the files are
 * there; an attempt not begun yet plays the live revision.
 */
@Injectable()
export class ScormAttempts {
  /** `stationId#revision` -> the station at that revision (a revision never changes) */
  private readonly stations = new Map<string, CatalogueStation | null>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ScormPackages) private readonly packages: ScormPackages,
  ) {}

  /**
   * The entry as the attempt plays it: at `revision` (the attempt's pin, or the revision a commit
   * says it was played on), else live. A pinned revision whose station no longer has the entry
   * plays the live one; a commit naming a revision the station never had is refused.
   */
  async played(live: CatalogueStation, liveEntry: ContentEntry, revision: number | null | undefined, refuseUnknown = false): Promise<PlayedRevision> {
    const liveRevision = liveRevisionOf(live);
    if (revision !== null && revision !== undefined && revision !== liveRevision) {
      const station = await this.stationAt(live.stationId, revision);
      const entry = station?.entries.find((e) => e.entryId === liveEntry.entryId && e.type === 'scorm');
      if (station && entry) return this.facts(revision, station, entry);
      if (refuseUnknown) {
        throw new AppError('app/bed-request', 'Invalid request', [{ path: 'revision', code: 'unknown_revision', message: `station ${live.stationId} has no revision ${revision} with this course` }]);
      }
    }
    return this.facts(liveRevision, live, liveEntry);
  }

  private facts(revision: number, station: CatalogueStation, entry: ContentEntry): PlayedRevision {
    return { revision, station, entry, version: entry.scormVersion ?? '1.2', scoIds: this.packages.scoIdsOf(station, entry) };
  }

  /** The station as its `revision` wrote it (StationRevised), null when the stream has no such revision. */
  private async stationAt(stationId: string, revision: number): Promise<CatalogueStation | null> {
    const key = `${stationId}#${revision}`;
    if (this.stations.has(key)) return this.stations.get(key)!;
    let found: CatalogueStation | null = null;
    for (const recorded of await this.store.readStream(stationStream(stationId))) {
      const event = catalogueEvents.parse(recorded);
      if (event.type === 'StationRevised' && event.data.revision === revision) found = event.data.station;
    }
    // only a revision found is kept: one not written yet may be by the next read
    if (found) {
      if (this.stations.size >= CACHED_MAX) this.stations.clear();
      this.stations.set(key, found);
    }
    return found;
  }
}
