import type { Kysely, Selectable } from 'kysely';
import type { Quiz } from '@portal/events/contracts';
import type { EventsQuizzesDB } from './schema.js';
import { iso } from '@portal/kernel';

type Reader = Kysely<EventsQuizzesDB>;

const toQuiz = (r: Selectable<EventsQuizzesDB['quizzes']>): Quiz => ({
  quizId: r.quiz_id,
  title: r.title,
  description: r.description,
  questions: (typeof r.questions === 'string' ? JSON.parse(r.questions) : r.questions) as Quiz['questions'],
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** The quiz list: quizzes not deleted, newest change first. */
export async function listQuizzes(reader: Reader): Promise<Quiz[]> {
  const rows = await reader.selectFrom('quizzes').selectAll().where('deleted', '=', false).orderBy('updated_at', 'desc').orderBy('quiz_id').execute();
  return rows.map(toQuiz);
}

/** One quiz; `withDeleted` for reports on answers given before it was deleted. */
export async function findQuiz(reader: Reader, quizId: string, withDeleted = false): Promise<Quiz | null> {
  let q = reader.selectFrom('quizzes').selectAll().where('quiz_id', '=', quizId);
  if (!withDeleted) q = q.where('deleted', '=', false);
  const row = await q.executeTakeFirst();
  return row ? toQuiz(row) : null;
}
