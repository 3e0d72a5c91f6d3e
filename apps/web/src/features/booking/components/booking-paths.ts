/** Paths of the public booking pages (001 §2). */
export const BOOKING_HOME = '/public/booking';
export const bookingCountryPath = (country: string) => `/public/booking/${country.toLowerCase()}`;
