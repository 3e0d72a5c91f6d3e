import { compareCheckpoints, type Checkpoint, type EventStore, type LogAudit, type RecordedEvent } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { answersTo, type AnswerRow } from '@portal/projection-audit-subjects';
import { assessmentEvents, type AssessmentContent } from '@portal/assessment/contracts';
import { readAssessmentContent, resolveAssessmentFile } from '@portal/assessment/contracts/content-file';
import { eventsContextEvents, quizStream, scheduledEventStream } from '@portal/events/contracts';
import { catalogueEvents, questionStream, stationStream, type Question } from '@portal/learning/contracts';
import type { AuditAnswer } from '../../contracts/index.js';
import { auditReader } from './audit-index.js';
import { usersReader } from './audit-subjects.js';

type Localized = Record<Locale, string>;

/** content/assessment.json as read once per file (the assessment context also reads it once, at start). */
const surveyFiles = new Map<string, AssessmentContent | null>();
function surveyContent(): AssessmentContent | null {
  const file = resolveAssessmentFile();
  if (!surveyFiles.has(file)) surveyFiles.set(file, readAssessmentContent(file));
  return surveyFiles.get(file) ?? null;
}
type Item = AuditAnswer['items'][number];

/**
 * The words of answers (issue 26 item 8, ADR 0083), read from the log: a catalogue question as its
 * QuestionRevised stood at the answered revision (a public survey's: the revision current when it
 * was answered), a station and its media as their StationRevised stood then, an event quiz as
 * QuizCreated/QuizUpdated and its event as they stood then; in the auditor's language. Each
 * stream is read once per request.
 */
export class AnswerWords {
  private readonly streams = new Map<string, Promise<RecordedEvent[]>>();

  constructor(
    private readonly store: EventStore,
    private readonly logAudit: LogAudit,
    private readonly projections: ProjectionRuntime,
    private readonly lang: Locale,
  ) {}

  private read(streamId: string): Promise<RecordedEvent[]> {
    let events = this.streams.get(streamId);
    if (!events) this.streams.set(streamId, (events = this.store.readStream(streamId)));
    return events;
  }

  private words(text: Localized): string {
    return text[this.lang] ?? text['pt-BR'];
  }

  /** The newest event of these types at or before `at` in the log's order. */
  private async asOf(streamId: string, types: readonly string[], at: Checkpoint): Promise<RecordedEvent | undefined> {
    return (await this.read(streamId)).filter((e) => types.includes(e.type) && compareCheckpoints(e.checkpoint, at) <= 0).at(-1);
  }

  /** A catalogue question at its revision (or as it stood at `at`). */
  private async question(questionId: string, revision: number | null, at: Checkpoint): Promise<Question | null> {
    const revised = (await this.read(questionStream(questionId))).map((e) => catalogueEvents.parseRecorded(e)).filter((e) => e.type === 'QuestionRevised');
    const found = revision !== null ? revised.find((e) => e.data.revision === revision) : revised.filter((e) => compareCheckpoints(e.checkpoint, at) <= 0).at(-1);
    return found?.type === 'QuestionRevised' ? found.data.question : null;
  }

  private item(question: Question | null, questionId: string, answerId: string | null, rest: Omit<Item, 'question' | 'option'>): Item {
    const option = question?.options.find((o) => o.id === answerId);
    return { question: question ? this.words(question.label) : questionId, option: option ? this.words(option.label) : answerId, ...rest };
  }

  /** "station · entry" as their StationRevised stood at `at`, in the asked language. */
  async place(stationId: string | null, entryId: string | null, at: Checkpoint): Promise<string | null> {
    if (!stationId) return null;
    const revised = await this.asOf(stationStream(stationId), ['StationRevised'], at);
    const station = revised ? catalogueEvents.parseRecorded(revised) : null;
    if (station?.type !== 'StationRevised') return stationId;
    const entry = entryId ? station.data.station.entries.find((e) => e.entryId === entryId) : undefined;
    const title = this.words(station.data.station.title);
    return entryId ? `${title} · ${entry ? this.words(entry.title) : entryId}` : title;
  }

  /** One indexed answer (projections/audit-subjects) in words. */
  async answerOf(row: AnswerRow): Promise<AuditAnswer> {
    const [event] = await this.logAudit.readAt([BigInt(String(row.position))]);
    if (!event) throw new Error(`answer ${row.row_id} is indexed at a position the log does not hold`);
    const [learner, attempts] = await Promise.all([this.learner(row.user_id), answersTo(auditReader(this.projections), row.user_id, row.question_id)]);
    const base = {
      ...learner,
      answeredAt: row.answered_at,
      recordedAt: event.recordedAt.toISOString(),
      ip: event.metadata.ip ?? null,
      userAgent: event.metadata.userAgent ?? null,
      attempt: row.attempt,
      attempts: attempts.map((a) => ({ id: a.row_id, attempt: a.attempt, isCorrect: a.is_correct, answeredAt: a.answered_at })),
    };
    const at = event.checkpoint;
    if (assessmentEvents.has(event.type)) {
      const parsed = assessmentEvents.parseRecorded(event);
      if (parsed.type === 'AnswerSubmitted') {
        const d = parsed.data;
        const nps = d.context === 'nps';
        const items = [this.item(await this.question(d.questionId, d.questionRevision, at), d.questionId, d.answerId, { isCorrect: nps ? null : d.isCorrect, points: d.score, followUp: false })];
        if (d.postQuestionId) {
          items.push(this.item(await this.question(d.postQuestionId, d.postQuestionRevision, at), d.postQuestionId, d.postAnswerId, { isCorrect: d.postIsCorrect, points: d.postScore, followUp: true }));
        }
        return { ...base, kind: d.context, place: await this.place(d.stationId, d.entryId, at), items, questionRevision: d.questionRevision, isCorrect: nps ? null : d.isCorrect, points: d.points };
      }
      if (parsed.type === 'SurveyAnswered') {
        const d = parsed.data;
        // a survey's questions live in content/assessment.json (read through assessment's
        // contracts); a question the file no longer holds is read from the catalogue, else as its id
        const survey = surveyContent()?.surveys.find((x) => x.surveyId === d.surveyId);
        const defined = survey?.questions.find((q) => q.questionId === d.questionId);
        const question = defined ?? (await this.question(d.questionId, null, at));
        const revision = defined ? undefined : (await this.asOf(questionStream(d.questionId), ['QuestionRevised'], at))?.data.revision;
        return {
          ...base,
          kind: 'public-survey',
          place: `${survey ? this.words(survey.title) : d.surveyPath} (${d.country})`,
          items: [this.item(question, d.questionId, d.answerId, { isCorrect: null, points: null, followUp: false })],
          questionRevision: typeof revision === 'number' ? revision : null,
          isCorrect: null,
          points: null,
        };
      }
    }
    if (eventsContextEvents.has(event.type)) {
      const parsed = eventsContextEvents.parseRecorded(event);
      if (parsed.type === 'QuizAnswered') {
        const d = parsed.data;
        const [defined, scheduled] = await Promise.all([
          this.asOf(quizStream(d.quizId), ['QuizCreated', 'QuizUpdated'], at),
          this.asOf(scheduledEventStream(d.eventId), ['ScheduledEventCreated', 'ScheduledEventUpdated'], at),
        ]);
        const quiz = defined ? eventsContextEvents.parseRecorded(defined) : null;
        const questions = quiz?.type === 'QuizCreated' || quiz?.type === 'QuizUpdated' ? quiz.data.questions : [];
        const title = scheduled ? String(scheduled.data.title ?? d.eventId) : d.eventId;
        const items = d.answers.map((a): Item => {
          const q = questions.find((x) => x.questionId === a.questionId);
          const chosen = a.alternativeIds.map((id) => q?.alternatives.find((x) => x.alternativeId === id)?.description ?? id);
          return { question: q?.description ?? a.questionId, option: a.text ?? (chosen.length > 0 ? chosen.join(' · ') : null), isCorrect: a.correct, points: a.score, followUp: false };
        });
        const quizTitle = quiz?.type === 'QuizCreated' || quiz?.type === 'QuizUpdated' ? quiz.data.title : d.quizId;
        return { ...base, kind: 'event-quiz', place: `${title} · ${quizTitle}`, items, questionRevision: null, isCorrect: row.is_correct, points: d.score };
      }
    }
    throw new Error(`answer ${row.row_id} is a ${event.type}, not an answer`);
  }

  private async learner(userId: string): Promise<{ learner: string; learnerEmail: string | null }> {
    const user = await usersReader(this.projections).selectFrom('users').select(['name', 'email']).where('user_id', '=', userId).executeTakeFirst();
    if (!user) return { learner: userId, learnerEmail: null };
    return { learner: user.name && user.name.trim().length > 0 ? user.name : user.email, learnerEmail: user.email };
  }
}

/** The heading of an answer: the question, then where, in words. */
export const answerLabel = (a: AuditAnswer): string => [a.items[0]?.question, a.place].filter(Boolean).join(' · ');
/** Its second line: the learner, the option chosen, right or wrong, the attempt. */
export const answerDetail = (a: AuditAnswer): string =>
  [a.learner, a.items[0]?.option, a.isCorrect === null ? null : a.isCorrect ? '✓' : '✗', a.kind === 'event-quiz' || a.kind === 'public-survey' ? null : `#${a.attempt}`].filter(Boolean).join(' · ');
