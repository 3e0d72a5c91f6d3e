import { scheduledEventInputSchema, type ScheduledEvent, type ScheduledEventBody } from '@portal/events/contracts/http';
import type { FieldRule } from '../../../shared/forms/field-rules';

/**
 * The add/edit form of a scheduled event (001 §3: every field, plus the place ADR 0060 adds:
 * venue, country and time zone), pure: its values, the 001 §5 checks with the contract's bounds
 * (ADR 0060: the specs show none), and the body the contract accepts. Text fields hold '' for
 * "not set"; numbers hold '' while empty (as the inputs do).
 */
export interface EventFormValues {
  title: string;
  type: string;
  description: string;
  date: string;
  startHour: string;
  finishHour: string;
  timezone: string;
  country: string;
  venue: string;
  author: string;
  department: string;
  cluster: string;
  categories: string[];
  cultures: string[];
  competenceArea: string;
  region: string;
  brand: string;
  bu: string;
  targetAudience: string;
  estimatedAudience: number | '';
  instructor: string;
  vacancies: number | '';
}

export type EventFormField = keyof EventFormValues;

/** 001 §5's rules, and the one a day's hours need: the finish after the start. */
export type EventFieldIssue = FieldRule | { rule: 'afterStart' };
export type EventFormIssues = Partial<Record<EventFormField, EventFieldIssue>>;

/** The contract's lengths (scheduledEventInputSchema). */
export const EVENT_TEXT_LIMITS = {
  title: 160,
  type: 60,
  description: 5000,
  venue: 300,
  author: 120,
  department: 120,
  cluster: 120,
  competenceArea: 120,
  region: 120,
  brand: 120,
  bu: 120,
  targetAudience: 300,
  instructor: 160,
} as const satisfies Partial<Record<EventFormField, number>>;
export const CATEGORY_MAX = 60;
export const CATEGORIES_MAX = 20;
export const CULTURE_MAX = 64;
export const CULTURES_MAX = 50;
export const VACANCIES = { min: 1, max: 10_000 } as const;
export const ESTIMATED_AUDIENCE = { min: 0, max: 100_000 } as const;
export const REQUIRED_FIELDS = ['title', 'type', 'date', 'startHour', 'finishHour', 'vacancies'] as const satisfies readonly EventFormField[];

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
export const DEFAULT_COUNTRY = 'BR';

export const emptyEventForm = (): EventFormValues => ({
  title: '',
  type: '',
  description: '',
  date: '',
  startHour: '',
  finishHour: '',
  timezone: DEFAULT_TIME_ZONE,
  country: DEFAULT_COUNTRY,
  venue: '',
  author: '',
  department: '',
  cluster: '',
  categories: [],
  cultures: [],
  competenceArea: '',
  region: '',
  brand: '',
  bu: '',
  targetAudience: '',
  estimatedAudience: '',
  instructor: '',
  vacancies: '',
});

export const eventFormValues = (e: ScheduledEvent): EventFormValues => ({
  title: e.title,
  type: e.type,
  description: e.description,
  date: e.date,
  startHour: e.startHour,
  finishHour: e.finishHour,
  timezone: e.timezone,
  country: e.country,
  venue: e.venue,
  author: e.author,
  department: e.department,
  cluster: e.cluster,
  categories: [...e.categories],
  cultures: [...e.cultures],
  competenceArea: e.competenceArea,
  region: e.region,
  brand: e.brand,
  bu: e.bu,
  targetAudience: e.targetAudience,
  estimatedAudience: e.estimatedAudience ?? '',
  instructor: e.instructor,
  vacancies: e.vacancies,
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

const textRule = (value: string, limit: number, required: boolean): FieldRule | undefined => {
  const text = value.trim();
  if (text === '') return required ? { rule: value === '' ? 'required' : 'notEmpty' } : undefined;
  return text.length > limit ? { rule: 'maxLength', length: limit } : undefined;
};

const numberRule = (value: number | '', bounds: { min: number; max: number }, required: boolean): FieldRule | undefined => {
  if (value === '') return required ? { rule: 'required' } : undefined;
  if (!Number.isInteger(value)) return { rule: 'integer' };
  return value < bounds.min || value > bounds.max ? { rule: 'between', min: bounds.min, max: bounds.max } : undefined;
};

const listRule = (values: readonly string[], itemMax: number, countMax: number): FieldRule | undefined => {
  if (values.some((v) => v.trim().length > itemMax)) return { rule: 'maxLength', length: itemMax };
  return values.length > countMax ? { rule: 'between', min: 0, max: countMax } : undefined;
};

/** 001 §5 on the form's values, with the bounds of the contract (the API checks the same). */
export function validateEventForm(v: EventFormValues): EventFormIssues {
  const issues: EventFormIssues = {};
  for (const [field, limit] of Object.entries(EVENT_TEXT_LIMITS) as [keyof typeof EVENT_TEXT_LIMITS, number][]) {
    const rule = textRule(v[field], limit, (REQUIRED_FIELDS as readonly string[]).includes(field));
    if (rule) issues[field] = rule;
  }
  if (!DATE.test(v.date)) issues.date = { rule: 'required' };
  if (!HOUR.test(v.startHour)) issues.startHour = { rule: 'required' };
  if (!HOUR.test(v.finishHour)) issues.finishHour = { rule: 'required' };
  else if (HOUR.test(v.startHour) && v.finishHour <= v.startHour) issues.finishHour = { rule: 'afterStart' };
  if (v.timezone.trim() === '') issues.timezone = { rule: 'required' };
  if (!/^[A-Za-z]{2}$/.test(v.country.trim())) issues.country = { rule: 'required' };
  const categories = listRule(v.categories, CATEGORY_MAX, CATEGORIES_MAX);
  if (categories) issues.categories = categories;
  const cultures = listRule(v.cultures, CULTURE_MAX, CULTURES_MAX);
  if (cultures) issues.cultures = cultures;
  const vacancies = numberRule(v.vacancies, VACANCIES, true);
  if (vacancies) issues.vacancies = vacancies;
  const audience = numberRule(v.estimatedAudience, ESTIMATED_AUDIENCE, false);
  if (audience) issues.estimatedAudience = audience;
  return issues;
}

const tidyList = (values: readonly string[]): string[] => [...new Set(values.map((v) => v.trim()).filter((v) => v.length > 0))];

/**
 * The body of POST and PUT /scheduledEvents through the contract's own schema, or the fields it
 * refuses (a check the form does not know of falls on the field the contract names).
 */
export function toEventBody(v: EventFormValues): { ok: true; body: ScheduledEventBody } | { ok: false; fields: EventFormField[] } {
  const parsed = scheduledEventInputSchema.safeParse({
    ...v,
    categories: tidyList(v.categories),
    cultures: tidyList(v.cultures),
    estimatedAudience: v.estimatedAudience === '' ? null : v.estimatedAudience,
    vacancies: v.vacancies === '' ? undefined : v.vacancies,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const known = Object.keys(emptyEventForm());
  const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')).filter((f): f is EventFormField => known.includes(f)))];
  return { ok: false, fields };
}

/** The field a server error's detail path names ("vacancies", "categories.2"), when it is one of the form's. */
export const fieldOfPath = (path: string): EventFormField | null => {
  const head = path.split('.')[0] ?? '';
  return head in emptyEventForm() ? (head as EventFormField) : null;
};
