import { v7 as uuidv7, validate } from 'uuid';

/** Time-ordered identifiers (uuid v7) for events, users and aggregates. */
export const newId = (): string => uuidv7();
/** The empty identifier of the specs: all zeros. */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
export const isUuid = (value: string): boolean => validate(value);
export const isNonEmptyId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.length > 0 && value !== EMPTY_ID;
