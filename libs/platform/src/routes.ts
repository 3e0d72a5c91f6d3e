import type { z } from 'zod';

/** A route contract from a context's contracts/: the source of validation and of the OpenAPI document. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** Error statuses the route answers besides the ones every route lists (OpenAPI). */
  statuses?: readonly number[];
}

const registry = new Map<string, { tag: string; route: RouteContract }>();

/** Each context registers its contracts when its module loads; /api/docs is built from them. */
export function registerRoutes(tag: string, routes: Record<string, RouteContract>): void {
  for (const route of Object.values(routes)) registry.set(`${route.method} ${route.path}`, { tag, route });
}
export const registeredRoutes = () => [...registry.values()];
