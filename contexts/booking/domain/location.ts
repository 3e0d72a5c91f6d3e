import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import { locationEvents, type LocationDefinition, type LocationEvent } from '../contracts/events.js';
import { validateDefinition } from './schedule.js';

/** A training-center location as a pure decider: staff define it, bookings read it. */
export type LocationState = { status: 'unknown' } | { status: 'defined'; locationId: string; definition: LocationDefinition; createdAt: string };

export const initialLocationState = (): LocationState => ({ status: 'unknown' });

export type LocationCommand =
  | { type: 'CreateLocation'; data: { locationId: string; definition: LocationDefinition; by: string; now: string } }
  | { type: 'UpdateLocation'; data: { locationId: string; changes: Partial<LocationDefinition>; by: string; now: string } };

const DEFINITION_KEYS: (keyof LocationDefinition)[] = [
  'name',
  'addressLines',
  'number',
  'city',
  'state',
  'country',
  'postalCode',
  'capacity',
  'timezone',
  'color',
  'schedule',
  'active',
];

/** Trims text, upper-cases the country, lower-cases the colour, sorts the schedule. */
export const normaliseDefinition = (def: LocationDefinition): LocationDefinition => ({
  name: def.name.trim(),
  addressLines: def.addressLines.map((l) => l.trim()).filter((l) => l.length > 0),
  number: def.number.trim(),
  city: def.city.trim(),
  state: def.state.trim(),
  country: def.country.trim().toUpperCase(),
  postalCode: def.postalCode.trim(),
  capacity: def.capacity,
  timezone: def.timezone.trim(),
  color: def.color.trim().toLowerCase(),
  schedule: {
    hours: [...def.schedule.hours].sort((a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens)),
    slotMinutes: def.schedule.slotMinutes,
    closedDates: [...new Set(def.schedule.closedDates)].sort(),
    horizonDays: def.schedule.horizonDays,
  },
  active: def.active,
});

const checked = (def: LocationDefinition): LocationDefinition => {
  const normal = normaliseDefinition(def);
  const errors = validateDefinition(normal);
  if (errors.length > 0) throw new AppError('app/bed-request', 'Invalid location', errors);
  return normal;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideLocation(command: LocationCommand, state: LocationState): LocationEvent[] {
  switch (command.type) {
    case 'CreateLocation': {
      const d = command.data;
      if (state.status !== 'unknown') throw new AppError('booking-invalid', 'The location already exists');
      const definition = checked(d.definition);
      return [{ type: 'LocationCreated', data: { locationId: d.locationId, ...definition, createdAt: d.now, createdBy: d.by } }];
    }
    case 'UpdateLocation': {
      const d = command.data;
      if (state.status !== 'defined') throw new AppError('404');
      const next = checked({ ...state.definition, ...d.changes });
      const changed = DEFINITION_KEYS.filter((k) => !same(next[k], state.definition[k]));
      if (changed.length === 0) return [];
      return [{ type: 'LocationUpdated', data: { locationId: state.locationId, ...next, updatedAt: d.now, updatedBy: d.by, changed } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The definition part of a LocationCreated/LocationUpdated payload. */
export const definitionOf = (data: LocationDefinition): LocationDefinition => ({
  name: data.name,
  addressLines: data.addressLines,
  number: data.number,
  city: data.city,
  state: data.state,
  country: data.country,
  postalCode: data.postalCode,
  capacity: data.capacity,
  timezone: data.timezone,
  color: data.color,
  schedule: data.schedule,
  active: data.active,
});

export function evolveLocation(state: LocationState, event: LocationEvent): LocationState {
  switch (event.type) {
    case 'LocationCreated':
      return { status: 'defined', locationId: event.data.locationId, definition: definitionOf(event.data), createdAt: event.data.createdAt };
    case 'LocationUpdated':
      if (state.status !== 'defined') return state;
      return { ...state, definition: definitionOf(event.data) };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const locationDecider = { decide: decideLocation, evolve: evolveLocation, initial: initialLocationState, events: locationEvents };
