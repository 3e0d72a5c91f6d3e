/**
 * The learning log as xAPI 1.0.3 statements (ADR 0074): a pure function of one stored event and
 * the catalogue as it stood when the event was recorded. No e-mail, no name: the actor is an
 * account agent (the portal's base IRI and the user id). Guests give no statement. An erased
 * learner (ADR 0091) is an anonymous account: `<base IRI>/xapi/erased` and their erasure's event
 * id, which nothing the LRS ever received links to the user id; the registrations are derived from
 * it too (a registration derived from the user id would be recomputable).
 */
import type { Activity, Agent, Context, Statement, StatementObject } from '@xapi/xapi';
import { checkpointToString } from '@portal/eventstore';
import type { ParsedEvent } from '@portal/eventstore/event-schemas';
import { progressStream, type Localized } from '@portal/learning/contracts';
import { scheduledEventStream } from '@portal/events/contracts';
import type { LearningCatalogue } from './learning-catalogue.js';
import type { XapiSourceEvent } from './source-events.js';
import { registrationOf, statementIdOf } from './statement-ids.js';

export interface XapiMappingOptions {
  /** The portal's base IRI (no trailing slash): the actors' account homePage and the root of every activity id. */
  baseIri: string;
  /** context.platform of every statement (the product's name). */
  platform: string;
}

const ADL = 'http://adlnet.gov/expapi';
const verb = (id: string, en: string, ptBR: string, es: string) => ({ id, display: { 'en-US': en, 'pt-BR': ptBR, es } });
export const XAPI_VERBS = {
  completed: verb(`${ADL}/verbs/completed`, 'completed', 'concluiu', 'completó'),
  answered: verb(`${ADL}/verbs/answered`, 'answered', 'respondeu', 'respondió'),
  earned: verb('http://id.tincanapi.com/verb/earned', 'earned', 'conquistou', 'obtuvo'),
  attended: verb(`${ADL}/verbs/attended`, 'attended', 'participou', 'asistió'),
  exited: verb(`${ADL}/verbs/exited`, 'exited', 'saiu', 'salió'),
} as const;

/** ADL activity types of the catalogue's entry types (a SCORM package is a lesson). */
const ENTRY_ACTIVITY_TYPE: Record<string, string> = {
  video: `${ADL}/activities/media`,
  'iframe-video': `${ADL}/activities/media`,
  podcast: `${ADL}/activities/media`,
  audio: `${ADL}/activities/media`,
  pdf: `${ADL}/activities/file`,
  iframe: `${ADL}/activities/link`,
  link: `${ADL}/activities/link`,
  scorm: `${ADL}/activities/lesson`,
};

const isGuest = (actor: string) => actor.startsWith('guest:') || actor === 'system' || actor.startsWith('system:');

/** Seconds as an ISO 8601 duration with at most two decimals (xAPI keeps 0.01 s). */
export const isoDuration = (seconds: number): string => `PT${Math.max(0, Math.round(seconds * 100) / 100)}S`;

/** A language map of the catalogue's three locales (pt-BR, es and en are RFC 5646 tags already). */
const languageMap = (l: Partial<Localized> | Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(l).filter(([, v]) => typeof v === 'string' && v.length > 0));

/** Builds the statements of one event; knows the base IRI and the catalogue. */
export class StatementMapper {
  constructor(
    private readonly options: XapiMappingOptions,
    private readonly catalogue: LearningCatalogue,
    /** erased subjects (ADR 0091): user id → their `SubjectErased` event id */
    private readonly erased: ReadonlyMap<string, string> = new Map(),
  ) {}

  /** Who the statements name: the user id, or an erased learner's anonymous name. */
  private who(userId: string): string {
    const erasure = this.erased.get(userId);
    return erasure ? `erased-${erasure}` : userId;
  }

  private iri(kind: string, id: string) {
    return `${this.options.baseIri}/xapi/activities/${kind}/${encodeURIComponent(id)}`;
  }
  private extension(name: string) {
    return `${this.options.baseIri}/xapi/extensions/${name}`;
  }
  private agent(userId: string): Agent {
    return this.erased.has(userId)
      ? { objectType: 'Agent', account: { homePage: `${this.options.baseIri}/xapi/erased`, name: this.who(userId) } }
      : { objectType: 'Agent', account: { homePage: this.options.baseIri, name: userId } };
  }

  private station(stationId: string): Activity {
    const s = this.catalogue.stations.get(stationId);
    const isCrop = s !== undefined && this.catalogue.cropOf(stationId)?.stationId === stationId;
    return {
      objectType: 'Activity',
      id: this.iri('station', stationId),
      ...(s ? { definition: { type: `${ADL}/activities/${isCrop ? 'course' : 'module'}`, name: languageMap(s.title) } } : {}),
    };
  }

  /** The station as parent, its crop (top ancestor) as grouping when that is another station. */
  private stationActivities(stationId: string | null, other: Activity[] = []): Context['contextActivities'] {
    if (!stationId) return other.length > 0 ? { other } : undefined;
    const crop = this.catalogue.cropOf(stationId);
    return {
      parent: [this.station(stationId)],
      ...(crop && crop.stationId !== stationId ? { grouping: [this.station(crop.stationId)] } : {}),
      ...(other.length > 0 ? { other } : {}),
    };
  }

  private context(event: ParsedEvent<XapiSourceEvent>, extra: Omit<Context, 'platform' | 'extensions'>, extensions: Record<string, unknown> = {}): Context {
    return {
      ...extra,
      platform: this.options.platform,
      extensions: {
        [this.extension('event-id')]: event.metadata.eventId,
        [this.extension('log-position')]: checkpointToString(event.checkpoint),
        ...Object.fromEntries(Object.entries(extensions).map(([k, v]) => [this.extension(k), v])),
      },
    };
  }

  private content(stationId: string, entryId: string, entryType: string): Activity {
    const entry = this.catalogue.stations.get(stationId)?.entries.get(entryId);
    return {
      objectType: 'Activity',
      id: this.iri('content', entryId),
      definition: { type: ENTRY_ACTIVITY_TYPE[entry?.type ?? entryType] ?? `${ADL}/activities/media`, ...(entry ? { name: languageMap(entry.title) } : {}) },
    };
  }

  private question(questionId: string): StatementObject {
    const q = this.catalogue.questions.get(questionId);
    return {
      objectType: 'Activity',
      id: this.iri('question', questionId),
      definition: {
        type: `${ADL}/activities/cmi.interaction`,
        interactionType: 'choice',
        ...(q
          ? {
              name: languageMap(q.label),
              choices: q.options.map((o) => ({ id: o.id, description: languageMap(o.label) })),
              // one pattern per correct option: any of them is a correct response
              correctResponsesPattern: q.options.filter((o) => o.isCorrect).map((o) => o.id),
            }
          : {}),
      },
    } as StatementObject;
  }

  /** raw as recorded; min and max from the question's options (widened to hold raw); none when the question scores nothing. */
  private score(questionId: string, raw: number) {
    const q = this.catalogue.questions.get(questionId);
    if (!q || !q.hasScore || q.options.length === 0) return undefined;
    const max = Math.max(raw, ...q.options.map((o) => o.score));
    const min = Math.min(0, raw, ...q.options.map((o) => o.score));
    if (max <= 0) return undefined;
    return { raw, min, max, scaled: Math.max(-1, Math.min(1, Math.round((raw / max) * 10_000) / 10_000)) };
  }

  /** The statements of one event of the learning log; [] for a guest's and for any other event. */
  statementsOf(event: ParsedEvent<XapiSourceEvent>): Statement[] {
    switch (event.type) {
      case 'MediaCompleted': {
        const d = event.data;
        if (isGuest(d.actor)) return [];
        return [
          {
            id: statementIdOf(event.metadata.eventId),
            actor: this.agent(d.actor),
            verb: XAPI_VERBS.completed,
            object: this.content(d.stationId, d.entryId, d.entryType),
            result: { completion: true },
            context: this.context(event, { registration: registrationOf(progressStream(this.who(d.actor), d.stationId)), contextActivities: this.stationActivities(d.stationId) }, { 'completed-via': d.via }),
            timestamp: d.completedAt,
          },
        ];
      }
      case 'AnswerSubmitted': {
        const d = event.data;
        if (isGuest(d.actor)) return [];
        const other = d.stationId && d.entryId ? [this.content(d.stationId, d.entryId, 'video')] : [];
        const context = (extra: Omit<Context, 'platform' | 'extensions'> = {}) =>
          this.context(
            event,
            { ...(d.stationId ? { registration: registrationOf(progressStream(this.who(d.actor), d.stationId)) } : {}), contextActivities: this.stationActivities(d.stationId, other), ...extra },
            { attempt: d.attempt, 'answer-context': d.context },
          );
        const score = this.score(d.questionId, d.score);
        const main: Statement = {
          id: statementIdOf(event.metadata.eventId),
          actor: this.agent(d.actor),
          verb: XAPI_VERBS.answered,
          object: this.question(d.questionId),
          result: { success: d.isCorrect, response: d.answerId, duration: isoDuration(d.secondsToAnswer), ...(score ? { score } : {}) },
          context: context(),
          timestamp: d.answeredAt,
        };
        if (!d.postQuestionId || !d.postAnswerId) return [main];
        // the follow-up question answered in the same call: its own statement, pointing at the first
        const postScore = this.score(d.postQuestionId, d.postScore);
        const post: Statement = {
          id: statementIdOf(event.metadata.eventId, 'post'),
          actor: this.agent(d.actor),
          verb: XAPI_VERBS.answered,
          object: this.question(d.postQuestionId),
          result: { ...(d.postIsCorrect === null ? {} : { success: d.postIsCorrect }), response: d.postAnswerId, ...(postScore ? { score: postScore } : {}) },
          context: context({ statement: { objectType: 'StatementRef', id: main.id! } }),
          timestamp: d.answeredAt,
        };
        return [main, post];
      }
      case 'CertificateIssued': {
        const d = event.data;
        if (isGuest(d.userId)) return [];
        const crop = this.catalogue.stations.has(d.cropId) ? [this.station(d.cropId)] : [];
        return [
          {
            id: statementIdOf(event.metadata.eventId),
            actor: this.agent(d.userId),
            verb: XAPI_VERBS.earned,
            object: {
              objectType: 'Activity',
              id: this.iri('certificate', d.ruleId),
              definition: { type: `${this.options.baseIri}/xapi/activity-types/certificate`, name: languageMap(d.title) },
            },
            result: { completion: true, success: true, extensions: { [this.extension('certificate-id')]: d.certificateId } },
            context: this.context(event, { ...(crop.length > 0 ? { contextActivities: { grouping: crop } } : {}), language: d.lang }),
            timestamp: d.issuedAt,
          },
        ];
      }
      case 'AttendeeCheckedIn':
      case 'AttendeeCheckedOut': {
        const d = event.data;
        if (isGuest(d.userId)) return [];
        const facts = this.catalogue.scheduledEvents.get(d.eventId);
        const checkedOut = event.type === 'AttendeeCheckedOut';
        return [
          {
            id: statementIdOf(event.metadata.eventId),
            actor: this.agent(d.userId),
            verb: checkedOut ? XAPI_VERBS.exited : XAPI_VERBS.attended,
            object: {
              objectType: 'Activity',
              id: this.iri('scheduled-event', d.eventId),
              definition: {
                type: `${ADL}/activities/meeting`,
                // a scheduled event's title is one free text in no stated language: "und" (RFC 5646 undetermined)
                ...(facts ? { name: { und: facts.title }, ...(facts.description ? { description: { und: facts.description } } : {}) } : {}),
              },
            },
            ...(event.type === 'AttendeeCheckedOut' ? { result: { completion: true, duration: isoDuration(event.data.minutesPresent * 60) } } : {}),
            context: this.context(event, { registration: registrationOf(`${scheduledEventStream(d.eventId)}/${this.who(d.userId)}`) }, { 'scan-via': d.via.kind }),
            timestamp: d.at,
          },
        ];
      }
      default:
        return [];
    }
  }
}
