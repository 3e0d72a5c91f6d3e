import type { Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { handleCommand, loadState } from '@portal/platform';
import { locationStream, type LocationDefinition, type OpeningHours } from '../../contracts/index.js';
import { locationDecider } from '../../domain/index.js';

const weekdays = (days: OpeningHours['weekday'][], ...intervals: [string, string][]): OpeningHours[] =>
  days.flatMap((weekday) => intervals.map(([opens, closes]) => ({ weekday, opens, closes })));

const HOLIDAYS = ['2026-12-25', '2027-01-01', '2027-12-25', '2028-01-01'];

/** Training centers in Brazil, Mexico and Argentina (fixed ids so a re-seed finds them). */
export const DEMO_LOCATIONS: { locationId: string; definition: LocationDefinition }[] = [
  {
    locationId: '01900000-0000-7000-8000-00000000b001',
    definition: {
      name: 'Centro de Treinamento Campinas',
      addressLines: ['Rodovia Dom Pedro I, km 140'],
      number: 's/n',
      city: 'Campinas',
      state: 'SP',
      country: 'BR',
      postalCode: '13100-000',
      capacity: 12,
      timezone: 'America/Sao_Paulo',
      color: '#2f9e44',
      schedule: { hours: weekdays([1, 2, 3, 4, 5], ['08:00', '12:00'], ['14:00', '17:00']), slotMinutes: 60, closedDates: HOLIDAYS, horizonDays: 60 },
      active: true,
    },
  },
  {
    locationId: '01900000-0000-7000-8000-00000000b002',
    definition: {
      name: 'Campo Experimental Rio Verde',
      addressLines: ['Rodovia GO-174, km 12', 'Zona Rural'],
      number: '',
      city: 'Rio Verde',
      state: 'GO',
      country: 'BR',
      postalCode: '75901-970',
      capacity: 8,
      timezone: 'America/Sao_Paulo',
      color: '#e8590c',
      schedule: { hours: weekdays([2, 3, 4, 5, 6], ['09:00', '15:00']), slotMinutes: 120, closedDates: HOLIDAYS, horizonDays: 60 },
      active: true,
    },
  },
  {
    locationId: '01900000-0000-7000-8000-00000000b003',
    definition: {
      name: 'Centro de Capacitación Guadalajara',
      addressLines: ['Carretera a Chapala, km 17.5'],
      number: '',
      city: 'Tlajomulco de Zúñiga',
      state: 'Jalisco',
      country: 'MX',
      postalCode: '45640',
      capacity: 10,
      timezone: 'America/Mexico_City',
      color: '#1971c2',
      schedule: { hours: weekdays([1, 2, 3, 4, 5], ['09:00', '13:00']), slotMinutes: 60, closedDates: HOLIDAYS, horizonDays: 60 },
      active: true,
    },
  },
  {
    locationId: '01900000-0000-7000-8000-00000000b004',
    definition: {
      name: 'Centro de Capacitación Pergamino',
      addressLines: ['Ruta Nacional 8, km 223'],
      number: '',
      city: 'Pergamino',
      state: 'Buenos Aires',
      country: 'AR',
      postalCode: 'B2700',
      capacity: 15,
      timezone: 'America/Argentina/Buenos_Aires',
      color: '#9c36b5',
      schedule: { hours: weekdays([1, 2, 3, 4], ['10:00', '16:00']), slotMinutes: 90, closedDates: HOLIDAYS, horizonDays: 60 },
      active: true,
    },
  },
];

/** Idempotent: locations already present are left as they are. Returns how many were created. */
export async function seedDemoLocations(store: EventStore, clock: Clock): Promise<number> {
  const ctx: AppendContext = { correlationId: 'seed-demo-locations', actor: 'system', origin: 'cli' };
  let created = 0;
  for (const l of DEMO_LOCATIONS) {
    const stream = locationStream(l.locationId);
    const { exists } = await loadState(store, stream, locationDecider);
    if (exists) continue;
    await handleCommand(store, stream, locationDecider, { type: 'CreateLocation', data: { locationId: l.locationId, definition: l.definition, by: 'system', now: clock.now().toISOString() } }, ctx);
    created += 1;
  }
  return created;
}
