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
