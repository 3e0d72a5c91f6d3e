import type { RecordedEvent } from '@portal/eventstore';
import { learningEvents } from '@portal/learning/contracts';
import type { AuditScormAttempt, AuditTimelineEvent } from '../../contracts/index.js';
import type { AnswerWords } from './audit-answers.js';

/**
 * The learner's SCORM commits on a timeline page, in words (issue 27): each ScormStateSaved gets
 * its course (station and entry as they stood at the commit), SCO, status, score, and the SCO's
 * interactions and objectives as the event carries them. Read from the audited (redacted) data.
 */
export async function withScormAttempts(timeline: AuditTimelineEvent[], recorded: RecordedEvent[], words: AnswerWords): Promise<AuditTimelineEvent[]> {
  return Promise.all(
    timeline.map(async (event, i) => {
      const stored = recorded[i];
      if (event.type !== 'ScormStateSaved' || !stored) return event;
      const parsed = learningEvents.parseRecorded({ ...stored, data: event.data });
      if (parsed.type !== 'ScormStateSaved') return event;
      const d = parsed.data;
      const scorm: AuditScormAttempt = {
        place: await words.place(d.stationId, d.entryId, stored.checkpoint),
        entryId: d.entryId,
        scoId: d.scoId ?? null,
        version: d.version,
        lessonStatus: d.lessonStatus,
        score: d.score ?? null,
        interactions: d.interactions ?? [],
        objectives: d.objectives ?? [],
      };
      return { ...event, scorm };
    }),
  );
}
