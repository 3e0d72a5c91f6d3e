/** A week of the chart by its Monday (YYYY-MM-DD, UTC): "Nov 16", "16 de nov.". */
export const weekLabel = (monday: string, language: string): string =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${monday}T00:00:00Z`));

/** A count in the reader's language (1,234 / 1.234). */
export const formatCount = (n: number, language: string): string => new Intl.NumberFormat(language).format(n);

/** An average score with at most two decimals; a dash when nobody has one. */
export const formatScore = (score: number | null, language: string): string =>
  score === null ? '–' : new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(score);
