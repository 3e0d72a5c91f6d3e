/** A date of the list (created, last active) as a short day in the screen's language. */
export const formatDay = (iso: string, language: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'short' }).format(date);
};
