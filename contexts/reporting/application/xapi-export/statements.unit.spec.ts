import { describe, expect, it } from 'vitest';
import type { Statement } from '@xapi/xapi';
import { FIELD_DAY, LEARNER_1, LEARNER_2, recordedLog, xapiLog, type LogEntry } from '../../testing/xapi-log.js';
import { LearningCatalogue } from './learning-catalogue.js';
import { xapiSourceEvents } from './source-events.js';
import { statementIdOf, registrationOf, XAPI_NAMESPACE } from './statement-ids.js';
import { isoDuration, StatementMapper } from './statements.js';
import { validateStatement } from './validate.js';

const BASE = 'https://portal.example.com';
const options = { baseIri: BASE, platform: 'Portal Agro' };

/** Folds the log in order as the export does; the statements of each learning-log event, by event type. */
function mapLog(log: LogEntry[] = xapiLog()) {
  const catalogue = new LearningCatalogue();
  const mapper = new StatementMapper(options, catalogue);
  const out: { type: string; eventId: string; statements: Statement[] }[] = [];
  for (const recorded of recordedLog(log)) {
    const event = xapiSourceEvents.parseRecorded(recorded);
    catalogue.apply(event);
    const statements = mapper.statementsOf(event);
    if (['MediaCompleted', 'AnswerSubmitted', 'CertificateIssued', 'AttendeeCheckedIn', 'AttendeeCheckedOut'].includes(event.type)) out.push({ type: event.type, eventId: event.metadata.eventId, statements });
  }
  return out;
}
const account = (name: string) => ({ objectType: 'Agent', account: { homePage: BASE, name } });
const ext = (name: string) => `${BASE}/xapi/extensions/${name}`;

describe('xAPI statements of the learning log (ADR 0074)', () => {
  const log = xapiLog();
  const mapped = mapLog(log);
  const all = mapped.flatMap((m) => m.statements);

  it("every statement passes Learning Locker's validator (xapi-validation)", () => {
    expect(all).toHaveLength(8);
    for (const s of all) expect(validateStatement(s), JSON.stringify(s)).toEqual([]);
  });

  it('ids are v5 uuids of the event id in the fixed namespace: the same event always gives the same id, a second statement of it another', () => {
    expect(XAPI_NAMESPACE).toBe('5a0d165f-c4d5-4622-bf47-52dc1ce26fbd');
    for (const m of mapped) if (m.statements[0]) expect(m.statements[0].id).toBe(statementIdOf(m.eventId));
    expect(statementIdOf('0190c3a0-0000-7000-8000-000000000001')).toBe(statementIdOf('0190c3a0-0000-7000-8000-000000000001'));
    expect(statementIdOf('0190c3a0-0000-7000-8000-000000000001')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    // mapping the same log again gives equal statements, not just equal ids
    expect(mapLog(log).flatMap((m) => m.statements)).toEqual(all);
  });

  it('MediaCompleted: the learner (an account, no e-mail) completed the entry, named in three locales, in its station and crop', () => {
    const [first] = mapped.filter((m) => m.type === 'MediaCompleted');
    expect(first!.statements).toEqual([
      {
        id: statementIdOf(first!.eventId),
        actor: account(LEARNER_1),
        verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed', 'pt-BR': 'concluiu', es: 'completó' } },
        object: {
          objectType: 'Activity',
          id: `${BASE}/xapi/activities/content/sp-video`,
          definition: { type: 'http://adlnet.gov/expapi/activities/media', name: { 'pt-BR': 'sp-video (pt)', es: 'sp-video (es)', en: 'sp-video' } },
        },
        result: { completion: true },
        context: {
          registration: registrationOf(`learning.progress-${LEARNER_1}-soja-plantio`),
          contextActivities: {
            parent: [{ objectType: 'Activity', id: `${BASE}/xapi/activities/station/soja-plantio`, definition: { type: 'http://adlnet.gov/expapi/activities/module', name: { 'pt-BR': 'soja-plantio (pt)', es: 'soja-plantio (es)', en: 'soja-plantio' } } }],
            grouping: [{ objectType: 'Activity', id: `${BASE}/xapi/activities/station/soja`, definition: { type: 'http://adlnet.gov/expapi/activities/course', name: { 'pt-BR': 'soja (pt)', es: 'soja (es)', en: 'soja' } } }],
          },
          platform: 'Portal Agro',
          extensions: { [ext('event-id')]: first!.eventId, [ext('log-position')]: '1000.7', [ext('completed-via')]: 'end' },
        },
        timestamp: '2026-11-20T10:01:00.000Z',
      },
    ]);
    expect(JSON.stringify(all)).not.toMatch(/mbox|@example|mailto/);
  });

  it("a guest's completion gives no statement; an entry of a crop station has the crop as parent and no grouping", () => {
    const media = mapped.filter((m) => m.type === 'MediaCompleted');
    expect(media.map((m) => m.statements.length)).toEqual([1, 0, 1]);
    const crop = media[2]!.statements[0]!;
    expect(crop.context!.contextActivities).toEqual({ parent: [expect.objectContaining({ id: `${BASE}/xapi/activities/station/soja` })] });
  });

  it('AnswerSubmitted: answered, success, score, response and the seconds to answer as an ISO 8601 duration; the question is a choice interaction; the follow-up is its own statement pointing at the first', () => {
    const [withPost, wrong] = mapped.filter((m) => m.type === 'AnswerSubmitted');
    const [main, post] = withPost!.statements;
    expect(main!.verb.id).toBe('http://adlnet.gov/expapi/verbs/answered');
    expect(main!.result).toEqual({ success: true, response: 'q1-a', duration: 'PT12.34S', score: { raw: 10, min: 0, max: 10, scaled: 1 } });
    expect(main!.object).toEqual({
      objectType: 'Activity',
      id: `${BASE}/xapi/activities/question/q1`,
      definition: {
        type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
        interactionType: 'choice',
        name: { 'pt-BR': 'q1 (pt)', es: 'q1 (es)', en: 'q1' },
        choices: [
          { id: 'q1-a', description: { 'pt-BR': 'q1-a (pt)', es: 'q1-a (es)', en: 'q1-a' } },
          { id: 'q1-b', description: { 'pt-BR': 'q1-b (pt)', es: 'q1-b (es)', en: 'q1-b' } },
        ],
        correctResponsesPattern: ['q1-a'],
      },
    });
    expect(main!.context!.contextActivities!.other).toEqual([expect.objectContaining({ id: `${BASE}/xapi/activities/content/sp-video` })]);
    expect(main!.context!.extensions).toMatchObject({ [ext('attempt')]: 1, [ext('answer-context')]: 'media' });
    expect(post!.id).toBe(statementIdOf(withPost!.eventId, 'post'));
    expect(post!.object).toMatchObject({ id: `${BASE}/xapi/activities/question/q1-post` });
    expect(post!.result).toEqual({ success: false, response: 'q1-post-a', score: { raw: 0, min: 0, max: 5, scaled: 0 } });
    expect(post!.context!.statement).toEqual({ objectType: 'StatementRef', id: main!.id });
    expect(wrong!.statements[0]!.actor).toEqual(account(LEARNER_2));
    expect(wrong!.statements[0]!.result).toMatchObject({ success: false, duration: 'PT3S', score: { raw: 0, scaled: 0 } });
  });

  it('CertificateIssued: the learner earned the certificate rule, named by the certificate, the crop as grouping, the issued id as a result extension', () => {
    const [cert] = mapped.filter((m) => m.type === 'CertificateIssued');
    const s = cert!.statements[0]!;
    expect(s.actor).toEqual(account(LEARNER_1));
    expect(s.verb.id).toBe('http://id.tincanapi.com/verb/earned');
    expect(s.object).toEqual({
      objectType: 'Activity',
      id: `${BASE}/xapi/activities/certificate/cert-soja`,
      definition: { type: `${BASE}/xapi/activity-types/certificate`, name: { 'pt-BR': 'cert-soja (pt)', es: 'cert-soja (es)', en: 'cert-soja' } },
    });
    expect(s.result).toMatchObject({ completion: true, success: true, extensions: { [ext('certificate-id')]: expect.any(String) } });
    expect(s.context).toMatchObject({ language: 'pt-BR', contextActivities: { grouping: [{ id: `${BASE}/xapi/activities/station/soja` }] } });
    expect(s.timestamp).toBe('2026-11-20T10:05:00.000Z');
  });

  it('attendance: a check-in is "attended" the scheduled event, a check-out "exited" it with the minutes present as a duration', () => {
    const [inn, out] = mapped.filter((m) => m.type.startsWith('Attendee')).map((m) => m.statements[0]!);
    const object = {
      objectType: 'Activity',
      id: `${BASE}/xapi/activities/scheduled-event/${FIELD_DAY}`,
      definition: { type: 'http://adlnet.gov/expapi/activities/meeting', name: { und: 'Field day: soy' }, description: { und: 'Soy planting in the field' } },
    };
    expect(inn).toMatchObject({ actor: account(LEARNER_2), verb: { id: 'http://adlnet.gov/expapi/verbs/attended' }, object, timestamp: '2026-11-10T12:05:00.000Z' });
    expect(inn!.result).toBeUndefined();
    expect(out).toMatchObject({ verb: { id: 'http://adlnet.gov/expapi/verbs/exited' }, object, result: { completion: true, duration: 'PT9030S' } });
    expect(inn!.context!.registration).toBe(out!.context!.registration);
    expect(inn!.context!.registration).toBe(registrationOf(`events.event-${FIELD_DAY}/${LEARNER_2}`));
  });

  it('the validator catches a broken statement and says where', () => {
    const s = structuredClone(all[0]!) as unknown as Record<string, unknown>;
    (s as { verb: { id: string } }).verb.id = 'completed';
    (s as { timestamp: string }).timestamp = '20 Nov 2026';
    s['unexpected'] = true;
    const errors = validateStatement(s);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^statement\.verb\.id: TypeWarning \(expected Internationalized Resource Identifier \(IRI\)\)/),
        expect.stringMatching(/^statement\.timestamp: TypeWarning/),
        expect.stringMatching(/^statement: RestrictedKeysWarning \(not allowed: unexpected\)/),
      ]),
    );
  });

  it('durations keep hundredths of a second', () => {
    expect([isoDuration(0), isoDuration(2), isoDuration(12.345), isoDuration(90.5)]).toEqual(['PT0S', 'PT2S', 'PT12.35S', 'PT90.5S']);
  });
});
