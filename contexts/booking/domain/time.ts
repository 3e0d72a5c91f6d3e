/**
 * Calendar arithmetic and the local-time-to-instant conversion of the booking domain: the
 * kernel's (libs/kernel/src/local-time.ts, shared with the events context), re-exported under the
 * names this domain has always used.
 */
export { addDays, daysBetween, isValidDate, isValidTime, isValidTimeZone, localDateOf, localTimeOf, minutesOf, timeOf, weekdayOf, zonedToInstant } from '@portal/kernel';
