import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonValue } from '@portal/database';
import type { ExpertQuestionsDB } from './schema.js';
import { isoOrNull } from '@portal/kernel';

type Labels = { 'pt-BR': string; es: string; en: string };
type QuestionsTable = ExpertQuestionsDB['questions'];

/** A question as the read handlers use it (instants as ISO strings, labels parsed). */
export interface ExpertQuestionRow {
  questionId: string;
  userId: string;
  lang: string;
  companyId: string | null;
  country: string | null;
  status: 'open' | 'answered' | 'withdrawn';
  themeId: string;
  themeLabels: Labels;
  subThemeId: string;
  subThemeLabels: Labels;
  phone: string;
  title: string;
  question: string;
  askedAt: string;
  claimedBy: string | null;
  claimedByName: string | null;
  response: string | null;
  answeredBy: string | null;
  answeredByName: string | null;
  answeredAt: string | null;
}


const rowOf = (r: Selectable<QuestionsTable>): ExpertQuestionRow => ({
  questionId: r.question_id,
  userId: r.user_id,
  lang: r.lang,
  companyId: r.company_id,
  country: r.country,
  status: r.status as ExpertQuestionRow['status'],
  themeId: r.theme_id,
  themeLabels: jsonValue<Labels>(r.theme_labels),
  subThemeId: r.sub_theme_id,
  subThemeLabels: jsonValue<Labels>(r.sub_theme_labels),
  phone: r.phone,
  title: r.title,
  question: r.question,
  askedAt: isoOrNull(r.asked_at)!,
  claimedBy: r.status === 'open' ? r.claimed_by : null,
  claimedByName: r.status === 'open' ? r.claimed_by_name : null,
  response: r.response,
  answeredBy: r.answered_by,
  answeredByName: r.answered_by_name,
  answeredAt: isoOrNull(r.answered_at),
});

/** The learner's own questions, newest first (withdrawn ones too: the learner sees what they took back). */
export async function questionsOfUser(reader: Kysely<ExpertQuestionsDB>, userId: string): Promise<ExpertQuestionRow[]> {
  const rows = await reader.selectFrom('questions').selectAll().where('user_id', '=', userId).orderBy('asked_at', 'desc').orderBy('question_id', 'desc').limit(500).execute();
  return rows.map(rowOf);
}

export async function findQuestion(reader: Kysely<ExpertQuestionsDB>, questionId: string): Promise<ExpertQuestionRow | undefined> {
  const row = await reader.selectFrom('questions').selectAll().where('question_id', '=', questionId).executeTakeFirst();
  return row && rowOf(row);
}

export type QueueStatus = 'open' | 'answered' | 'all';

/**
 * The experts' queue: the questions of some themes, unanswered first (oldest waiting first), then
 * answered (newest answer first); withdrawn questions never show. One page and the total.
 */
export async function expertQueue(
  reader: Kysely<ExpertQuestionsDB>,
  filter: { themeIds: readonly string[]; status: QueueStatus },
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: ExpertQuestionRow[] }> {
  if (filter.themeIds.length === 0) return { total: 0, rows: [] };
  const states = filter.status === 'all' ? ['open', 'answered'] : [filter.status];
  const base = reader.selectFrom('questions').where('theme_id', 'in', [...filter.themeIds]).where('status', 'in', states);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sql`status <> 'open'`)
      .orderBy(sql`case when status = 'open' then asked_at end`, 'asc')
      .orderBy('answered_at', 'desc')
      .orderBy('question_id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows: rows.map(rowOf) };
}

/** How many open questions wait in these themes. */
export async function openQuestionsIn(reader: Kysely<ExpertQuestionsDB>, themeIds: readonly string[]): Promise<number> {
  if (themeIds.length === 0) return 0;
  const row = await reader.selectFrom('questions').select(sql<number>`count(*)::int`.as('n')).where('theme_id', 'in', [...themeIds]).where('status', '=', 'open').executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The themes a user answers for (empty: not an expert). */
export async function themesOfExpert(reader: Kysely<ExpertQuestionsDB>, userId: string): Promise<string[]> {
  const rows = await reader.selectFrom('expert_themes').select('theme_id').where('user_id', '=', userId).orderBy('theme_id').execute();
  return rows.map((r) => r.theme_id);
}

export interface ExpertRow {
  userId: string;
  themeIds: string[];
  assignedBy: string;
  assignedAt: string;
}

/** Current experts (at least one theme), or those of one theme; by the time they were assigned. */
export async function listExperts(reader: Kysely<ExpertQuestionsDB>, themeId?: string): Promise<ExpertRow[]> {
  let q = reader.selectFrom('experts as e').selectAll('e').where(sql<boolean>`jsonb_array_length(e.theme_ids) > 0`);
  if (themeId) q = q.where(({ exists, selectFrom }) => exists(selectFrom('expert_themes as t').select('t.user_id').whereRef('t.user_id', '=', 'e.user_id').where('t.theme_id', '=', themeId)));
  const rows = await q.orderBy('e.assigned_at').orderBy('e.user_id').execute();
  return rows.map((r) => ({ userId: r.user_id, themeIds: jsonValue<string[]>(r.theme_ids), assignedBy: r.assigned_by, assignedAt: isoOrNull(r.assigned_at)! }));
}

/** The experts of one theme (who is told a question arrived). */
export async function expertsOfTheme(reader: Kysely<ExpertQuestionsDB>, themeId: string): Promise<string[]> {
  const rows = await reader.selectFrom('expert_themes').select('user_id').where('theme_id', '=', themeId).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}
