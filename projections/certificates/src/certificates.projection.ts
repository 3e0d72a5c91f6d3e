import { sql } from 'kysely';
import { jsonValue } from '@portal/database';
import { combineEvents } from '@portal/eventstore';
import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { assessmentEvents } from '@portal/assessment/contracts';
import { catalogueEvents, cropProgressOf, indexStations, progressEvents, viewStationOf, type CertificateRule, type Revised, type ViewStation } from '@portal/learning/contracts';
import { certificateStatusOf, evidenceOf, scoringEvents } from '@portal/scoring/contracts';
import { migrateCertificates, type CertificatesDB } from './schema.js';

const events = combineEvents(catalogueEvents, progressEvents, assessmentEvents, scoringEvents);

const parse = jsonValue;
const isUser = (actor: string) => !actor.startsWith('guest:') && actor !== 'system';

/** A certificate rule as cert_rules stores it (the title is kept beside it). */
type CertRuleRow = Revised<Pick<CertificateRule, 'certificateId' | 'cropId' | 'stationsRules'>>;

/**
 * The certificates read model: what each learner has completed and answered, the crops'
 * certificate rules and, per learner and certificate, whether the rules are met (`cert_status`:
 * scoring's rule `certificateStatusOf` on learning's station progress `cropProgressOf`, ADR 0088)
 * and what was issued (`cert_issued`). The certificate process manager (scoring context) issues
 * CertificateIssued for rows that are met and not issued; the verification page reads cert_issued.
 */
export const certificatesProjection = defineProjection<CertificatesDB, ReturnType<typeof events.parseRecorded>>({
  name: 'certificates',
  version: 1,
  // ADR 0091: the holder's name printed on the certificate
  personalData: [{ table: 'cert_issued', subject: 'actor', set: { holder_name: `case when "holder_name" is null then null else ${ERASED_SQL} end` } }],
  events,
  eventTypes: ['StationRevised', 'StationRetired', 'CertificateRuleRevised', 'CertificateRuleRetired', 'MediaCompleted', 'AnswerSubmitted', 'CertificateIssued'],
  migrate: migrateCertificates,
  async apply(trx, schema, batch) {
    const t = trx.withSchema(schema);
    const table = (name: string) => sql.table(`${schema}.${name}`);
    const touched = new Set<string>();
    let catalogueChanged = false;
    const completed = new Map<string, { actor: string; entry_id: string }>();
    const answers = new Map<string, { actor: string; question_id: string; is_correct: boolean }>();
    for (const e of batch) {
      switch (e.type) {
        case 'StationRevised': {
          // the station view's fields (learning's contracts): what the certificate rules read
          const station = viewStationOf(e.data.station);
          await t
            .insertInto('cert_stations')
            .values({ station_id: station.stationId, station: JSON.stringify(station), retired: false })
            .onConflict((oc) => oc.column('station_id').doUpdateSet({ station: JSON.stringify(station), retired: false }))
            .execute();
          catalogueChanged = true;
          break;
        }
        case 'StationRetired':
          await t.updateTable('cert_stations').set({ retired: true }).where('station_id', '=', e.data.stationId).execute();
          catalogueChanged = true;
          break;
        case 'CertificateRuleRevised': {
          const r = e.data.rule;
          const rule: CertRuleRow = { certificateId: r.certificateId, cropId: r.cropId, revision: e.data.revision, stationsRules: r.stationsRules };
          const row = { rule: JSON.stringify({ ...rule, title: r.title }), retired: false };
          await t
            .insertInto('cert_rules')
            .values({ certificate_id: r.certificateId, ...row })
            .onConflict((oc) => oc.column('certificate_id').doUpdateSet(row))
            .execute();
          catalogueChanged = true;
          break;
        }
        case 'CertificateRuleRetired':
          await t.updateTable('cert_rules').set({ retired: true }).where('certificate_id', '=', e.data.certificateId).execute();
          catalogueChanged = true;
          break;
        case 'MediaCompleted':
          if (!isUser(e.data.actor)) break;
          completed.set(`${e.data.actor}\u0000${e.data.entryId}`, { actor: e.data.actor, entry_id: e.data.entryId });
          touched.add(e.data.actor);
          break;
        case 'AnswerSubmitted':
          if (!isUser(e.data.actor) || e.data.context === 'nps') break;
          answers.set(`${e.data.actor}\u0000${e.data.questionId}`, { actor: e.data.actor, question_id: e.data.questionId, is_correct: e.data.isCorrect });
          touched.add(e.data.actor);
          break;
        case 'CertificateIssued': {
          const d = e.data;
          await t
            .insertInto('cert_issued')
            .values({
              issued_id: d.certificateId,
              actor: d.userId,
              certificate_id: d.ruleId,
              crop_id: d.cropId,
              holder_name: d.holderName,
              lang: d.lang,
              title: JSON.stringify(d.title),
              rules: JSON.stringify(d.rules),
              issued_at: d.issuedAt,
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
          break;
        }
        default:
          // the contracts' other types: not in eventTypes, never delivered
          break;
      }
    }
    if (completed.size > 0) await t.insertInto('cert_completed').values([...completed.values()]).onConflict((oc) => oc.doNothing()).execute();
    if (answers.size > 0) {
      await t
        .insertInto('cert_answers')
        .values([...answers.values()])
        .onConflict((oc) => oc.columns(['actor', 'question_id']).doUpdateSet((eb) => ({ is_correct: eb.ref('excluded.is_correct') })))
        .execute();
    }

    // re-evaluate the learners this batch touched (everyone with facts when the catalogue changed)
    let actors = [...touched];
    if (catalogueChanged) {
      const rows = await sql<{ actor: string }>`select actor from ${table('cert_completed')} union select actor from ${table('cert_answers')}`.execute(trx);
      actors = rows.rows.map((r) => r.actor);
    }
    if (actors.length === 0) return;
    const stations = indexStations((await t.selectFrom('cert_stations').select('station').where('retired', '=', false).execute()).map((r) => parse<ViewStation>(r.station)));
    const rules = (await t.selectFrom('cert_rules').select('rule').where('retired', '=', false).execute()).map((r) => parse<CertRuleRow>(r.rule));
    for (let i = 0; i < actors.length; i += 500) {
      const chunk = actors.slice(i, i + 500);
      const facts = new Map<string, { completed: Set<string>; answers: Map<string, { isCorrect: boolean }> }>(chunk.map((a) => [a, { completed: new Set(), answers: new Map() }]));
      for (const r of await t.selectFrom('cert_completed').select(['actor', 'entry_id']).where('actor', 'in', chunk).execute()) facts.get(r.actor)!.completed.add(r.entry_id);
      for (const r of await t.selectFrom('cert_answers').select(['actor', 'question_id', 'is_correct']).where('actor', 'in', chunk).execute()) facts.get(r.actor)!.answers.set(r.question_id, { isCorrect: Boolean(r.is_correct) });
      const rows = [];
      for (const actor of chunk) {
        for (const rule of rules) {
          const learner = facts.get(actor)!;
          const status = certificateStatusOf(evidenceOf(rule.stationsRules, (stationId) => cropProgressOf(stations, learner, stationId)));
          rows.push({ actor, certificate_id: rule.certificateId, crop_id: rule.cropId, rule_revision: rule.revision, met: status.met, lock_reason: status.lockReason, rules: JSON.stringify(status.rules) });
        }
      }
      if (catalogueChanged) await t.deleteFrom('cert_status').where('actor', 'in', chunk).execute();
      if (rows.length > 0) {
        await t
          .insertInto('cert_status')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['actor', 'certificate_id']).doUpdateSet((eb) => ({
              crop_id: eb.ref('excluded.crop_id'),
              rule_revision: eb.ref('excluded.rule_revision'),
              met: eb.ref('excluded.met'),
              lock_reason: eb.ref('excluded.lock_reason'),
              rules: eb.ref('excluded.rules'),
            })),
          )
          .execute();
      }
    }
  },
});
