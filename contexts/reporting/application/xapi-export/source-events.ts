/**
 * The stored events the xAPI export reads, parsed with their own contexts' contracts (ADR 0009 §4):
 * the learning log it maps to statements, and the catalogue and scheduled-event definitions that
 * name the statements' activities.
 */
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { assessmentEvents } from '@portal/assessment/contracts';
import { scheduledEventEvents } from '@portal/events/contracts';
import { learningEvents } from '@portal/learning/contracts';
import { scoringEvents } from '@portal/scoring/contracts';
import { erasureEvents } from '@portal/identity/contracts';

const schemas = {
  // names: the catalogue (learning) and the scheduled events' definitions (events)
  StationRevised: learningEvents.schemas.StationRevised,
  QuestionRevised: learningEvents.schemas.QuestionRevised,
  CertificateRuleRevised: learningEvents.schemas.CertificateRuleRevised,
  ScheduledEventCreated: scheduledEventEvents.schemas.ScheduledEventCreated,
  ScheduledEventUpdated: scheduledEventEvents.schemas.ScheduledEventUpdated,
  // the learning log: what becomes a statement
  MediaCompleted: learningEvents.schemas.MediaCompleted,
  AnswerSubmitted: assessmentEvents.schemas.AnswerSubmitted,
  CertificateIssued: scoringEvents.schemas.CertificateIssued,
  AttendeeCheckedIn: scheduledEventEvents.schemas.AttendeeCheckedIn,
  AttendeeCheckedOut: scheduledEventEvents.schemas.AttendeeCheckedOut,
  // erased learners (identity, ADR 0091): sent as anonymous accounts
  SubjectErased: erasureEvents.schemas.SubjectErased,
};

export const xapiSourceEvents = defineEvents(schemas);
export type XapiSourceEvent = EventOf<typeof schemas>;

/** The events that only name activities: folded from the start of the log on every run. */
export const NAMING_EVENT_TYPES: XapiSourceEvent['type'][] = ['StationRevised', 'QuestionRevised', 'CertificateRuleRevised', 'ScheduledEventCreated', 'ScheduledEventUpdated'];
/** The learning log: each becomes one statement or more. */
export const LEARNING_LOG_TYPES: XapiSourceEvent['type'][] = ['MediaCompleted', 'AnswerSubmitted', 'CertificateIssued', 'AttendeeCheckedIn', 'AttendeeCheckedOut'];
/** The erasures: folded over the whole log up to the run's head, before any statement is built. */
export const ERASURE_EVENT_TYPES: XapiSourceEvent['type'][] = ['SubjectErased'];
