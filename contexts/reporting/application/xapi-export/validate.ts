/**
 * Every statement passes Learning Locker's own statement validator (the npm package
 * xapi-validation) before it is written or sent (ADR 0074). Its answer is a list of rulr warnings,
 * nested for collections; an empty list is a valid statement.
 */
import xapiValidation from 'xapi-validation';

type Warning = { path: string[]; constructor: { name: string }; warnings?: Warning[]; typeName?: string; keys?: string[]; data?: unknown };
type Validator = (statement: unknown) => Warning[];
// a CommonJS module with `exports.default`: Node's ESM hands over `module.exports`, bundlers the function
const loaded = xapiValidation as unknown as Validator | { default: Validator };
const validator: Validator = typeof loaded === 'function' ? loaded : loaded.default;

const flatten = (warnings: Warning[]): Warning[] => warnings.flatMap((w) => (w.warnings ? flatten(w.warnings) : [w]));

/** The validator's findings, one line each ("statement.verb.id: TypeWarning (expected ...)"); [] when valid. */
export function validateStatement(statement: unknown): string[] {
  return flatten(validator(statement)).map((w) => {
    const detail = w.typeName ? ` (expected ${w.typeName})` : w.keys ? ` (not allowed: ${w.keys.join(', ')})` : '';
    return `${w.path.join('.')}: ${w.constructor.name}${detail}: ${JSON.stringify(w.data)?.slice(0, 120)}`;
  });
}

/** A statement that the validator refused: the export stops here, naming the event and the findings. */
export class InvalidStatementError extends Error {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    readonly errors: string[],
  ) {
    super(`the statement of event ${eventId} (${eventType}) does not validate:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    this.name = 'InvalidStatementError';
  }
}
