import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { AppError, type FieldError } from '@portal/kernel';
import type { z } from 'zod';

export const toFieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }));

/** Parses with a contract schema; bad input is a 400 app/bed-request with the field errors. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('app/bed-request', 'Invalid request', toFieldErrors(result.error));
  return result.data;
}

type Part = 'body' | 'query' | 'params';
// Nest reads decorator data with a `transform` method as a pipe and `{schema}` as its own
// Standard Schema option (with its own error shape): wrap the contract under another key.
const partDecorator = (part: Part) => {
  const decorator = createParamDecorator((data: { contract: z.ZodType }, ctx: ExecutionContext) => {
    const req = ctx.switchToHttp().getRequest<Record<Part, unknown>>();
    return parseInput(data.contract, req[part] ?? {});
  });
  return (schema: z.ZodType) => decorator({ contract: schema });
};

/** `@Body`-like decorators that parse with the route's zod contract. */
export const ZodBody = partDecorator('body');
export const ZodQuery = partDecorator('query');
export const ZodParams = partDecorator('params');

/**
 * How deep JSON may nest (objects and arrays) in a request. Our deepest contract nests five
 * levels; 64 leaves room for free-form client data (tracking payloads, media state) while keeping
 * far below what makes recursive code (zod, JSON.stringify, Postgres' jsonb input) fail or slow.
 */
export const MAX_INPUT_DEPTH = 64;

// NUL (text and jsonb refuse it) and UTF-16 surrogates without their pair (jsonb refuses the
// escape; text silently turns them into U+FFFD): strings Postgres cannot store as sent.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
const shown = (key: string) => key.replace(UNSTORABLE_ALL, '\uFFFD');

/**
 * The first place in a parsed request part (body, query or path parameters) holding a string,
 * or a key, that Postgres cannot store, or nesting deeper than `maxDepth`; null when all is well.
 * Walks without recursion, so any depth the JSON parser accepted is safe to inspect.
 */
export function findUnstorableInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): FieldError | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) {
        return { path: path.join('.'), code: 'invalid_characters', message: 'contains a NUL character or an unpaired UTF-16 surrogate' };
      }
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return { path: path.join('.'), code: 'too_deep', message: `nested deeper than ${maxDepth} levels` };
    const entries = Object.entries(current);
    for (const [key] of entries) {
      if (UNSTORABLE.test(key)) {
        return { path: [...path, shown(key)].join('.'), code: 'invalid_characters', message: 'the key contains a NUL character or an unpaired UTF-16 surrogate' };
      }
    }
    // reversed, so the first offending field in document order is the one named
    for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]], depth: depth + 1 });
  }
  return null;
}
