import { AppError, type Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ScormStateRow } from '@portal/projection-progress';
import type { z } from 'zod';
import { SCORM_STATUSES, type CatalogueModel, type ContentEntry, type scormContentSchema, type scormProgressSchema } from '../../contracts/index.js';
import type { EntryProgress } from '../../domain/index.js';
import { requireEntry } from './access.js';

export type ScormProgress = z.infer<typeof scormProgressSchema>;
export type ScormContent = z.infer<typeof scormContentSchema>;

const statusOf = (value: string | null): ScormProgress['status'] => ((SCORM_STATUSES as readonly string[]).includes(value ?? '') ? (value as ScormProgress['status']) : null);

/** A SCORM entry's progress as the read model has it (completion from the learner's progress). */
export function scormProgressFromRow(entry: ContentEntry, stationId: string, row: ScormStateRow | null, completedAt: string | null): ScormProgress {
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

/** A SCORM entry's progress as a write left it (the decider's state). */
export function scormProgressFromState(entry: ContentEntry, stationId: string, p: EntryProgress | undefined): ScormProgress {
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

/** SCORM routes are for signed-in users only (they keep run-time data per learner). */
export const requireScormUser = (req: PortalRequest): Principal => {
  if (!req.principal || req.principal.kind !== 'user') throw new AppError('401', 'User is not authenticated');
  return req.principal;
};

/** A SCORM entry the caller may open; any other entry is 404. */
export function requireScormEntry(model: CatalogueModel, principal: Principal, scormId: string) {
  const found = requireEntry(model, principal, scormId);
  if (found.entry.type !== 'scorm') throw new AppError('404');
  return found;
}
