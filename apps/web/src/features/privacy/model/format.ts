/** A date as the reader's locale writes it (day, month, year). */
export const formatDate = (iso: string | null, locale: string): string => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '');
