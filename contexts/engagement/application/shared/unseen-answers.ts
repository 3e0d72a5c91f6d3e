import type { ProjectionRuntime } from '@portal/projections-runtime';
import { viewedRowIds } from '@portal/projection-engagement';
import type { ExpertQuestionRow } from '@portal/projection-expert-questions';
import { expertAnswerRowId } from '../../contracts/index.js';

/**
 * The learner's answered questions they have not seen yet: an answer is a notification row
 * (`expert-answer:<questionId>`) of the engagement inbox until NotificationRowsViewed marks it seen
 * (ADR 0047's mechanism, ADR 0072).
 */
export async function unseenAnswerIds(projections: ProjectionRuntime, userId: string, rows: readonly ExpertQuestionRow[]): Promise<Set<string>> {
  const answered = rows.filter((r) => r.status === 'answered');
  const viewed = await viewedRowIds(projections.reader('engagement'), userId, answered.map((r) => expertAnswerRowId(r.questionId)));
  return new Set(answered.filter((r) => !viewed.has(expertAnswerRowId(r.questionId))).map((r) => r.questionId));
}
