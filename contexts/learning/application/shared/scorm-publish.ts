import { AppError, type Clock } from '@portal/kernel';
import { ConcurrencyError, type AppendContext, type Checkpoint, type EventStore } from '@portal/eventstore';
import { handleCommand } from '@portal/platform';
import { catalogueEvents, contentEntrySchema, stationStream, type CatalogueStation, type ContentEntry } from '../../contracts/index.js';
import { catalogueItemDecider, type CatalogueItemState } from '../../domain/index.js';
import { canonicalJson, shortHash } from './canonical.js';
import { uploadedSrc, type StoredPackage } from './uploaded-packages.js';

/**
 * Publishing an uploaded SCORM package into a station (issue 27, ADR 0084 "Upload"): the package
 * becomes a `scorm` entry of the station, written as the station's next revision (StationRevised,
 * as a pack import writes it). The entry id comes from the manifest's identifier, so the same
 * course uploaded again replaces its entry: a new revision of the station whose entry points at
 * the new package's folder, while the old folder stays for the attempts that began on it.
 */

/** The station as its stream holds it now: the last revision's item, null when none or retired. */
export async function storedStation(store: EventStore, stationId: string): Promise<{ station: CatalogueStation | null; state: CatalogueItemState; revision: bigint | null }> {
  let state = catalogueItemDecider.initial();
  let station: CatalogueStation | null = null;
  let revision: bigint | null = null;
  for (const recorded of await store.readStream(stationStream(stationId))) {
    const event = catalogueEvents.parse(recorded);
    if (event.type === 'StationRevised') station = event.data.station;
    if (event.type === 'StationRetired') station = null;
    state = catalogueItemDecider.evolve(state, event as Parameters<typeof catalogueItemDecider.evolve>[1]);
    revision = recorded.revision;
  }
  return { station, state, revision };
}

/** The entry id of a course: `scorm-` and its manifest identifier as a lowercase id. */
export function uploadedEntryId(identifier: string): string {
  const slug = identifier.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 56);
  return `scorm-${slug || shortHash(identifier).slice(0, 8)}`;
}

const entryHash = (entry: ContentEntry, packageId: string) => shortHash(canonicalJson({ entry, files: [null, ...Object.values(entry.src).map(() => packageId)] }));

/** The station with the package as its entry (added, or replacing the same course's entry). */
export function stationWithPackage(station: CatalogueStation, pkg: StoredPackage, publishedAt: string): { station: CatalogueStation; entryId: string } {
  const entryId = uploadedEntryId(pkg.manifest.identifier);
  const previous = station.entries.find((e) => e.entryId === entryId);
  if (previous && !previous.package) {
    throw new AppError('app/bed-request', `The station already has an entry ${entryId} from the content pack`, [{ path: 'stationId', code: 'entry_taken', message: `entry ${entryId} of the content pack` }]);
  }
  const src = uploadedSrc(pkg);
  const title = pkg.manifest.title || pkg.manifest.identifier;
  const entry = contentEntrySchema.parse({
    ...(previous ?? {}),
    entryId,
    type: 'scorm',
    title: previous?.title ?? { 'pt-BR': title, es: title, en: title },
    src: { 'pt-BR': src, es: src, en: src },
    displayOrder: previous?.displayOrder ?? Math.max(0, ...station.entries.map((e) => e.displayOrder + 1)),
    scormVersion: pkg.manifest.version,
    package: { packageId: pkg.packageId, identifier: pkg.manifest.identifier, edition: pkg.manifest.edition, publishedAt },
  });
  const oldSrcs = new Set(Object.values(previous?.src ?? {}));
  const mediaHashes = Object.fromEntries(Object.entries(station.mediaHashes).filter(([file]) => !oldSrcs.has(file)));
  mediaHashes[src] = pkg.packageId;
  const entries = previous ? station.entries.map((e) => (e.entryId === entryId ? entry : e)) : [...station.entries, entry];
  return { station: { ...station, entries, mediaHashes, entryHashes: { ...station.entryHashes, [entryId]: entryHash(entry, pkg.packageId) } }, entryId };
}

/**
 * A pack import's station with the entries published from uploads kept (an import must not drop
 * them: the pack does not know them). Entries the pack itself now defines win.
 */
export function keepPublishedEntries(fromPack: CatalogueStation, stored: CatalogueStation | null): CatalogueStation {
  const published = (stored?.entries ?? []).filter((e) => e.package && !fromPack.entries.some((p) => p.entryId === e.entryId));
  if (published.length === 0) return fromPack;
  const mediaHashes = { ...fromPack.mediaHashes };
  const entryHashes = { ...fromPack.entryHashes };
  for (const e of published) {
    for (const src of Object.values(e.src)) if (src && stored!.mediaHashes[src]) mediaHashes[src] = stored!.mediaHashes[src]!;
    if (stored!.entryHashes[e.entryId]) entryHashes[e.entryId] = stored!.entryHashes[e.entryId]!;
  }
  return { ...fromPack, entries: [...fromPack.entries, ...published], mediaHashes, entryHashes };
}

export interface PublishResult {
  stationId: string;
  entryId: string;
  /** the station's revision that plays the package */
  revision: number;
  /** false when the station already played this very package (nothing written) */
  revised: boolean;
  checkpoint: Checkpoint | null;
}

/** Writes the station's next revision with the package as its entry; 404 for a station that is not in the catalogue. */
export async function publishPackage(store: EventStore, clock: Clock, pkg: StoredPackage, stationId: string, context: AppendContext): Promise<PublishResult> {
  for (let attempt = 1; ; attempt++) {
    const current = await storedStation(store, stationId);
    if (!current.station) throw new AppError('404', `No station ${stationId} in the catalogue`, [{ path: 'stationId', code: 'unknown_station', message: `no station ${stationId}` }]);
    const now = clock.now().toISOString();
    const { station, entryId } = stationWithPackage(current.station, pkg, now);
    const same = current.station.entries.find((e) => e.entryId === entryId)?.package?.packageId === pkg.packageId;
    if (same) return { stationId, entryId, revision: current.state.revision, revised: false, checkpoint: null };
    try {
      const { events, result } = await handleCommand(
        store,
        stationStream(stationId),
        catalogueItemDecider,
        { type: 'ReviseItem', data: { kind: 'station', id: stationId, contentHash: shortHash(canonicalJson(station)), item: station, packVersion: `upload ${pkg.packageId}`, now } },
        context,
        { known: { state: current.state, revision: current.revision }, attempts: 1 },
      );
      return { stationId, entryId, revision: current.state.revision + events.length, revised: events.length > 0, checkpoint: result?.checkpoint ?? null };
    } catch (error) {
      // another revision came in between (an import, another publish): read it and publish again
      if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
    }
  }
}
