/**
 * Field rules of 000 §5 and 001 §5, as data: forms translate them with common.validation.{rule} and the
 * field's label. Pure, so feature rules built on them are unit tested without a DOM.
 */
export type FieldRule =
  | { rule: 'required' }
  | { rule: 'email' }
  | { rule: 'passwordPolicy' }
  | { rule: 'termAccepted' }
  | { rule: 'protocolsAccepted' }
  | { rule: 'maxLength'; length: number }
  | { rule: 'confirmation' }
  | { rule: 'phoneNumberInvalid' }
  | { rule: 'numeric' }
  | { rule: 'digits'; length: number }
  | { rule: 'image' }
  | { rule: 'fileSize'; size: number }
  | { rule: 'atLeast'; length: number }
  | { rule: 'between'; min: number; max: number }
  | { rule: 'integer' }
  | { rule: 'lettersOnly' }
  | { rule: 'cpf' }
  | { rule: 'notEmpty' }
  | { rule: 'uuidNotEmpty' };

export type Issues<V> = Partial<Record<keyof V, FieldRule>>;

/** Drops the fields without an issue. */
export const compactIssues = <V>(issues: Record<keyof V, FieldRule | undefined>): Issues<V> =>
  Object.fromEntries(Object.entries(issues).filter(([, rule]) => rule !== undefined)) as Issues<V>;
