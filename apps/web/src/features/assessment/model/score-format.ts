/**
 * Numbers as 000 §9 shows them: the score text singular or plural by count, progress percent
 * rounded without decimals, seconds to answer with 2 decimals.
 */

/**
 * Key of the score text: singular for exactly 1 point, plural otherwise (0 points too). Chosen here
 * rather than by i18next plural rules, which call 0 singular in pt-BR.
 */
export const scoreTextKey = (points: number): 'score.pointsSingular' | 'score.pointsPlural' => (Math.abs(points) === 1 ? 'score.pointsSingular' : 'score.pointsPlural');

/** Scores are whole numbers on screen (an option score may not be). */
export const displayScore = (points: number): number => (Number.isFinite(points) ? Math.round(points) : 0);

/** Progress percent without decimals, kept within 0..100. */
export const roundPercent = (value: number): number => {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
};

/** answered of total as a percent without decimals (0 when there is nothing to answer). */
export const percentOf = (part: number, total: number): number => (total > 0 ? roundPercent((part / total) * 100) : 0);

/** Seconds from `startedAt` to `now` (milliseconds), rounded to 2 decimals, never negative. */
export const secondsToAnswer = (startedAt: number, now: number): number => {
  // hundredths straight from the milliseconds: (1.005 * 100) would round down in binary floating point
  return Math.round(Math.max(0, now - startedAt) / 10) / 100;
};

/** The score detail's buckets as the scores table shows them (000 §3, ADR 0044). */
export interface ScoreBuckets {
  questionsScore: number;
  videosScore: number;
  videosAnswersScore: number;
  npsScore: number;
  othersScore: number;
  total: number;
}

/**
 * The table's columns add up to its total (issue 13). The contract's othersScore is a subtotal
 * (total minus the station questions: content, media answers and NPS included), so shown next to
 * those it counted them twice; the table's "other answers" column is what no other column holds:
 * answers to questions placed in no station (the adaptive track).
 */
export const scoreColumns = (detail: ScoreBuckets) => ({
  questionsScore: detail.questionsScore,
  videosScore: detail.videosScore,
  videosAnswersScore: detail.videosAnswersScore,
  npsScore: detail.npsScore,
  otherAnswersScore: detail.othersScore - detail.videosScore - detail.videosAnswersScore - detail.npsScore,
  total: detail.total,
});
export type ScoreColumn = keyof ReturnType<typeof scoreColumns>;
