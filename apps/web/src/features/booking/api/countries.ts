import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bookingRoutes, type BookingCountry } from '@portal/booking/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { BOOKING_QUERIES } from './keys';

/** GET /api/booking/countries: countries with training centers, named and sorted in the reader's language (001 §7). */
export const fetchCountries = (lang: Locale, signal?: AbortSignal): Promise<BookingCountry[]> => callRoute(bookingRoutes.countries, { query: { lang }, signal });

export const countriesQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: [...BOOKING_QUERIES, 'countries', lang] as const,
    queryFn: ({ signal }) => fetchCountries(lang, signal),
    staleTime: 5 * 60_000,
  });

/** Keeps the previous language's list on screen while the new one loads (no blank page on a language switch). */
export const useCountries = (lang: Locale) => useQuery({ ...countriesQueryOptions(lang), placeholderData: keepPreviousData });
