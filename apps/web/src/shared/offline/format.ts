/** A size in the learner's language: kB under 1 MB, MB under 1 GB, then GB (Intl units, no literal). */
export const formatBytes = (bytes: number, locale: string): string => {
  const [value, unit] = bytes >= 1024 ** 3 ? [bytes / 1024 ** 3, 'gigabyte'] : bytes >= 1024 ** 2 ? [bytes / 1024 ** 2, 'megabyte'] : [Math.max(bytes, 1) / 1024, 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
};
