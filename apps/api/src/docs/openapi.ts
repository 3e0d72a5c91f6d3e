import { createDocument } from 'zod-openapi';
import { registeredRoutes } from '@portal/platform';
import { ERROR_CODES } from '@portal/kernel';
import { z } from 'zod';

const errorSchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() })).optional(),
});

/** OpenAPI 3.1 built from the contexts' zod route contracts (the same schemas that validate). */
export function buildOpenApi(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { tag, route } of registeredRoutes()) {
    const path = `/api${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
    const op: Record<string, unknown> = {
      tags: [tag],
      summary: route.summary,
      responses: {
        '200': { description: 'OK', ...(route.response ? { content: { 'application/json': { schema: route.response } } } : {}) },
        '400': { description: 'Bad input (app/bed-request with field errors) or a rule code', content: { 'application/json': { schema: errorSchema } } },
        '401': { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
        '403': { description: 'Not allowed', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    for (const status of route.statuses ?? []) {
      const responses = op.responses as Record<string, unknown>;
      responses[String(status)] ??= {
        description: status === 429 ? 'Too many attempts: wait the seconds of Retry-After (too-many-requests)' : 'Refused (see the code)',
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
        content: { 'application/json': { schema: errorSchema } },
      };
    }
    if (route.body) op.requestBody = { content: { 'application/json': { schema: route.body } } };
    if (route.query) op.requestParams = { query: route.query };
    if (route.params) op.requestParams = { ...(op.requestParams as object), path: route.params };
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: op };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Agro learning portal API', version },
    paths: paths as never,
  });
}
