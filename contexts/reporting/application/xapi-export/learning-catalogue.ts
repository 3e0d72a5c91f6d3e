/**
 * What the statements need from the catalogue and the scheduled events, folded from their events
 * in log order: titles (three locales), entry types, question options, parents. The export folds
 * every catalogue event up to each learning event it maps, so a statement names its activity as it
 * was when the learner did it, and the same log always gives the same statement (ADR 0074).
 */
import type { Localized } from '@portal/learning/contracts';
import type { ParsedEvent } from '@portal/eventstore/event-schemas';
import type { XapiSourceEvent } from './source-events.js';

export interface CatalogueStationFacts {
  stationId: string;
  title: Localized;
  parent: string | null;
  entries: Map<string, { title: Localized; type: string }>;
}
export interface CatalogueQuestionFacts {
  questionId: string;
  label: Localized;
  options: { id: string; label: Localized; isCorrect: boolean; score: number }[];
  hasScore: boolean;
}
export interface ScheduledEventFacts {
  eventId: string;
  title: string;
  description: string;
}

export class LearningCatalogue {
  readonly stations = new Map<string, CatalogueStationFacts>();
  readonly questions = new Map<string, CatalogueQuestionFacts>();
  readonly certificates = new Map<string, { title: Localized; cropId: string }>();
  readonly scheduledEvents = new Map<string, ScheduledEventFacts>();

  /** Folds a catalogue or scheduled-event definition event; other events change nothing. */
  apply(event: ParsedEvent<XapiSourceEvent>): void {
    switch (event.type) {
      case 'StationRevised': {
        const s = event.data.station;
        this.stations.set(s.stationId, {
          stationId: s.stationId,
          title: s.title,
          parent: s.parent ?? null,
          entries: new Map(s.entries.map((e) => [e.entryId, { title: e.title, type: e.type }])),
        });
        return;
      }
      case 'QuestionRevised': {
        const q = event.data.question;
        this.questions.set(q.questionId, {
          questionId: q.questionId,
          label: q.label,
          hasScore: q.hasScore,
          options: [...q.options].sort((a, b) => a.displayOrder - b.displayOrder).map((o) => ({ id: o.id, label: o.label, isCorrect: o.isCorrect, score: o.score })),
        });
        return;
      }
      case 'CertificateRuleRevised':
        this.certificates.set(event.data.certificateId, { title: event.data.rule.title, cropId: event.data.rule.cropId });
        return;
      case 'ScheduledEventCreated':
      case 'ScheduledEventUpdated':
        this.scheduledEvents.set(event.data.eventId, { eventId: event.data.eventId, title: event.data.title, description: event.data.description });
        return;
      // a retired item keeps its last title: statements about what learners did before stay named
      default:
        return;
    }
  }

  /** The top ancestor of a station (its crop, or the station itself); null when unknown. */
  cropOf(stationId: string): CatalogueStationFacts | null {
    let current = this.stations.get(stationId);
    if (!current) return null;
    const seen = new Set<string>([current.stationId]);
    while (current.parent && this.stations.has(current.parent) && !seen.has(current.parent)) {
      current = this.stations.get(current.parent)!;
      seen.add(current.stationId);
    }
    return current;
  }
}
