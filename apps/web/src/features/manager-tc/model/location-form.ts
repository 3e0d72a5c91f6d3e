import { locationDefinitionSchema, type Location, type LocationInput } from '@portal/booking/contracts/http';
import type { OpeningHours } from '@portal/booking/contracts/shapes';

/** The location form's values: flat strings and numbers, as inputs hold them. */
export interface LocationValues {
  name: string;
  address1: string;
  address2: string;
  number: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  capacity: number;
  timezone: string;
  color: string;
  slotMinutes: number;
  horizonDays: number;
  closedDates: string[];
  hours: OpeningHours[];
  active: boolean;
}

export const newLocationValues = (): LocationValues => ({
  name: '',
  address1: '',
  address2: '',
  number: '',
  city: '',
  state: '',
  country: 'BR',
  postalCode: '',
  capacity: 10,
  timezone: 'America/Sao_Paulo',
  color: '#2f9e44',
  slotMinutes: 60,
  horizonDays: 60,
  closedDates: [],
  hours: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, opens: '08:00', closes: '12:00' })),
  active: true,
});

export const valuesOf = (l: Location): LocationValues => ({
  name: l.name,
  address1: l.addressLines[0] ?? '',
  address2: l.addressLines[1] ?? '',
  number: l.number,
  city: l.city,
  state: l.state,
  country: l.country,
  postalCode: l.postalCode,
  capacity: l.capacity,
  timezone: l.timezone,
  color: l.color,
  slotMinutes: l.schedule.slotMinutes,
  horizonDays: l.schedule.horizonDays,
  closedDates: l.schedule.closedDates,
  hours: l.schedule.hours,
  active: l.active,
});

/** The form field a contract issue belongs to. */
const FIELD_OF: Record<string, keyof LocationValues> = {
  addressLines: 'address1',
  'schedule.slotMinutes': 'slotMinutes',
  'schedule.horizonDays': 'horizonDays',
  'schedule.closedDates': 'closedDates',
  'schedule.hours': 'hours',
};

export const fieldOfIssue = (path: string): keyof LocationValues | null => {
  for (const [prefix, field] of Object.entries(FIELD_OF)) if (path === prefix || path.startsWith(`${prefix}.`)) return field;
  const head = path.split('.')[0] ?? '';
  return head in newLocationValues() ? (head as keyof LocationValues) : null;
};

/** The request body through the contract, or the fields it refuses. */
export function toLocationInput(v: LocationValues): { ok: true; body: LocationInput } | { ok: false; fields: (keyof LocationValues)[] } {
  const candidate = {
    name: v.name,
    addressLines: [v.address1, v.address2].filter((l) => l.trim().length > 0),
    number: v.number,
    city: v.city,
    state: v.state,
    country: v.country,
    postalCode: v.postalCode,
    capacity: v.capacity,
    timezone: v.timezone,
    color: v.color,
    schedule: { hours: v.hours, slotMinutes: v.slotMinutes, closedDates: v.closedDates, horizonDays: v.horizonDays },
    active: v.active,
  };
  const parsed = locationDefinitionSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const fields = [...new Set(parsed.error.issues.map((i) => fieldOfIssue(i.path.map(String).join('.'))).filter((f): f is keyof LocationValues => f !== null))];
  return { ok: false, fields };
}
