/**
 * xAPI export benchmark (ADR 0074): statements per second that `npm run portal -- xapi export
 * --out FILE` writes from a generated learning log (media completions, answers, certificates,
 * check-ins and check-outs of many learners, with a catalogue to name them), every statement
 * validated by xapi-validation and fsynced per batch of 500. Writes the "## xAPI export" section of
 * docs/benchmarks.md.
 *
 *   npm run bench -- xapi   (npm run bench -- --smoke xapi: toy sizes, nothing written)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { v7 as uuidv7 } from 'uuid';
import { createDatabase, type Database } from '@portal/database';
import { createPostgresEventStore, type AppendContext, type NewEvent } from '@portal/eventstore';
import { exportXapi, fileTarget } from '@portal/reporting/xapi-export';
import { median, reportFileOf, scratchDatabase } from './harness.js';
import { writeSection } from './report.js';

export interface XapiBenchOptions {
  url: string;
  /** learning-log events in the generated log */
  events?: number;
  runs?: number;
  reportFile?: string | null;
  out?: (line: string) => void;
}

const context: AppendContext = { correlationId: uuidv7(), actor: 'system', origin: 'cli' };
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const title = (t: string) => ({ 'pt-BR': `${t} (pt)`, es: `${t} (es)`, en: t });
const STATIONS = 40;
const ENTRIES = 6;
const QUESTIONS = 100;

/** Catalogue (40 stations under 4 crops, 100 questions, 4 certificate rules, 10 scheduled events), then the learners' log in streams of 10 events. */
async function generate(database: Database, events: number, out: (line: string) => void): Promise<void> {
  const store = createPostgresEventStore(database);
  await store.migrate();
  const revised = { revision: 0, contentHash: 'h', packVersion: 'bench', revisedAt: '2026-01-01T00:00:00.000Z' };
  for (let s = 0; s < STATIONS; s++) {
    const stationId = `station-${s}`;
    const crop = s < 4;
    const station = {
      stationId, path: stationId, type: crop ? 'Map' : 'Detail', ...(crop ? {} : { parent: `station-${s % 4}` }), title: title(stationId),
      description: {}, routeArea: 'default', displayCategory: crop ? 'crop' : 'other', listingOrder: s, isActive: true, isDefault: false, hideInMap: false, areas: ['default'], countries: [], aclTags: [],
      entries: Array.from({ length: ENTRIES }, (_, e) => ({ entryId: `entry-${s}-${e}`, type: 'video', title: title(`entry-${s}-${e}`), src: { en: 'https://example.com/v.mp4' }, duration: 60, optional: false, displayOrder: e, tags: [], questionsIds: [], protected: false, requires: [], showInNotification: false })),
      guestAccess: false, mediaHashes: {}, entryHashes: {},
    };
    await store.append(`learning.station-${stationId}`, [{ type: 'StationRevised', data: { stationId, ...revised, station } }], { expectedRevision: 'any', context });
  }
  for (let q = 0; q < QUESTIONS; q++) {
    const questionId = `question-${q}`;
    const options = ['a', 'b', 'c'].map((o, i) => ({ id: `${questionId}-${o}`, label: title(o), prefix: o, displayOrder: i, isCorrect: i === 0, score: i === 0 ? 10 : 0 }));
    const question = { questionId, label: title(questionId), enunciations: [], hasScore: true, showOptionPrefix: true, hideResult: false, ignoreScore: false, allowRetry: false, teachesEntryIds: [], options };
    await store.append(`learning.question-${questionId}`, [{ type: 'QuestionRevised', data: { questionId, ...revised, question } }], { expectedRevision: 'any', context });
  }
  for (let c = 0; c < 4; c++) {
    const certificateId = `cert-${c}`;
    const rule = { certificateId, cropId: `station-${c}`, title: title(certificateId), stationsRules: [{ stationId: `station-${c}`, requiredMedias: true, requiredQuestions: false, requiredMediaQuestions: false }] };
    await store.append(`learning.certificate-${certificateId}`, [{ type: 'CertificateRuleRevised', data: { certificateId, ...revised, rule } }], { expectedRevision: 'any', context });
  }
  const eventIds = Array.from({ length: 10 }, () => uuidv7());
  for (const eventId of eventIds) {
    const definition = {
      title: `Field day ${eventId.slice(-4)}`, type: 'field-day', description: 'In the field', date: '2026-11-10', startHour: '09:00', finishHour: '12:00', timezone: 'America/Sao_Paulo', country: 'BR', venue: 'Farm',
      author: 'a', department: 'd', cluster: 'c', categories: [], cultures: [], competenceArea: 'x', region: 'r', brand: 'b', bu: 'bu', targetAudience: 't', estimatedAudience: null, instructor: 'i', vacancies: 100,
    };
    await store.append(`events.event-${eventId}`, [{ type: 'ScheduledEventCreated', data: { eventId, ...definition, startsAt: '2026-11-10T12:00:00.000Z', endsAt: '2026-11-10T15:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', by: 'tc' } }], { expectedRevision: 'any', context });
  }

  // the learners' log: per learner a stream of media completions, answers, a check-in/out and a certificate
  const perLearner = 10;
  const learners = Math.ceil(events / perLearner);
  out(`xapi: appending ${fmt(learners * perLearner)} learning-log events of ${fmt(learners)} learners`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let l = next++; l < learners; l = next++) {
        const actor = uuidv7();
        const s = 4 + (l % (STATIONS - 4));
        const at = (i: number) => new Date(Date.UTC(2026, 10, 1) + l * 60_000 + i * 1000).toISOString();
        const progress: NewEvent[] = Array.from({ length: 5 }, (_, i) => ({
          type: 'MediaCompleted',
          data: { actor, stationId: `station-${s}`, entryId: `entry-${s}-${i}`, entryType: 'video', playSessionId: null, duration: 60, via: 'end', completedAt: at(i) },
        }));
        const answers: NewEvent[] = Array.from({ length: 2 }, (_, i) => {
          const questionId = `question-${(l + i) % QUESTIONS}`;
          const correct = (l + i) % 3 === 0;
          return {
            type: 'AnswerSubmitted',
            data: {
              rowId: uuidv7(), actor, questionId, answerId: `${questionId}-${correct ? 'a' : 'b'}`, isCorrect: correct, score: correct ? 10 : 0, countsForScore: true, postQuestionId: null, postAnswerId: null, postIsCorrect: null,
              postScore: 0, postCountsForScore: false, points: correct ? 10 : 0, secondsToAnswer: 4.5, context: 'station', origin: 'web', questionRevision: 0, postQuestionRevision: null, stationId: `station-${s}`, entryId: null, attempt: 1, answeredAt: at(5 + i),
            },
          };
        });
        const eventId = eventIds[l % eventIds.length]!;
        const scan = (i: number) => ({ eventId, userId: actor, at: at(i), recordedAt: at(i), via: { kind: 'ticket', deviceId: null }, by: 'staff' });
        const cropId = `station-${s % 4}`;
        await store.append(`learning.progress-${actor}-station-${s}`, progress, { expectedRevision: 'no-stream', context });
        await store.append(`assessment.learner-${actor}`, answers, { expectedRevision: 'no-stream', context });
        await store.append(`events.event-${eventId}`, [{ type: 'AttendeeCheckedIn', data: scan(7) }, { type: 'AttendeeCheckedOut', data: { ...scan(8), minutesPresent: 120 } }], { expectedRevision: 'any', context });
        await store.append(`scoring.certificate-${actor}-cert-${s % 4}`, [{
          type: 'CertificateIssued',
          data: { certificateId: uuidv7(), ruleId: `cert-${s % 4}`, ruleRevision: 0, cropId, userId: actor, holderName: null, lang: 'pt-BR', title: title(`cert-${s % 4}`), rules: [], issuedAt: at(9) },
        }], { expectedRevision: 'no-stream', context });
      }
    }),
  );
  await store.close();
}

interface Run {
  seconds: number;
  statements: number;
  bytes: number;
}

export async function benchXapi(options: XapiBenchOptions): Promise<Run[]> {
  const out = options.out ?? ((line: string) => console.log(line));
  const events = options.events ?? 200_000;
  const runsWanted = options.runs ?? 3;
  const loadBefore = loadavg()[0]!;
  const scratch = await scratchDatabase(options.url, 'bench_xapi');
  const dir = mkdtempSync(join(tmpdir(), 'bench-xapi-'));
  const runs: Run[] = [];
  try {
    const database = await createDatabase({ url: scratch.url, poolSize: 8 });
    try {
      await generate(database, events, out);
      const store = createPostgresEventStore(database);
      for (let run = 0; run < runsWanted; run++) {
        const file = join(dir, `run-${run}.ndjson`);
        const started = performance.now();
        const result = await exportXapi({ store, database, target: fileTarget(file), mapping: { baseIri: 'https://portal.example.com', platform: 'bench' } });
        const seconds = (performance.now() - started) / 1000;
        runs.push({ seconds, statements: result.statements, bytes: statSync(file).size });
        out(`xapi: run ${run + 1}: ${fmt(result.statements)} statements from ${fmt(result.events)} events in ${fmt(seconds, 2)} s: ${fmt(result.statements / seconds)} statements/s`);
        const again = await exportXapi({ store, database, target: fileTarget(file), mapping: { baseIri: 'https://portal.example.com', platform: 'bench' } });
        if (again.statements !== 0) throw new Error(`a second export wrote ${again.statements} statements`);
      }
      await store.close();
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await scratch.drop();
  }
  const rates = runs.map((r) => r.statements / r.seconds);
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
  const text = [
    '## xAPI export',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- xapi\` on ${machine}; ${scratch.postgres}. 1-minute load average ${fmt(loadBefore, 1)} before and ${fmt(loadavg()[0]!, 1)} after.`,
    `A generated log of ${fmt(runs[0]?.statements ?? 0)} learning-log events (per learner 5 media completions, 2 answers, a check-in and a check-out, a certificate) after a catalogue of ${STATIONS} stations and ${QUESTIONS} questions,`,
    'exported to an NDJSON file as `npm run portal -- xapi export --out FILE` does (every statement validated by xapi-validation, batches of 500 fsynced, the checkpoint written after each);',
    `${runsWanted} runs from the start, each followed by a second export that must write nothing.`,
    '',
    '| statements | file MB | statements/s: median (min to max) |',
    '|---:|---:|---:|',
    `| ${fmt(runs[0]?.statements ?? 0)} | ${fmt((runs[0]?.bytes ?? 0) / 2 ** 20, 1)} | **${fmt(median(rates))}** (${fmt(Math.min(...rates))} to ${fmt(Math.max(...rates))}) |`,
    '',
  ].join('\n');
  for (const line of text.split('\n')) out(line);
  const reportFile = reportFileOf(options.reportFile);
  if (reportFile) {
    writeSection(reportFile, 'xAPI export', text);
    out(`written to ${reportFile}`);
  }
  return runs;
}
