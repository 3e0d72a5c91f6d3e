import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { AnswersTrend } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetAnswersTrendQuery } from './get-answers-trend.query.js';

/** GET /api/reports/answers/trend: answers and correct answers per ISO week under the report's filters (the chart above the table). */
@QueryHandler(GetAnswersTrendQuery)
export class GetAnswersTrendHandler implements IQueryHandler<GetAnswersTrendQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetAnswersTrendQuery): Promise<AnswersTrend> {
    const report = SERVER_REPORTS.answers;
    const prepared = await this.reader.prepare(principal, report, { ...query, sort: 'answeredAt', dir: 'desc', lang: 'en' }, req);
    const weeks = await this.reader.weekly(report, prepared, { correct: sql`f.is_correct` });
    return { asOf: prepared.asOf, weeks: weeks.map((w) => ({ startsOn: w.startsOn, answers: w.count, correct: w.measures.correct ?? 0 })) };
  }
}
