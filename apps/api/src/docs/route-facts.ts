import 'reflect-metadata';
import { RequestMethod, type INestApplicationContext } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_KEY, type AccessRule } from '@portal/platform';

/** What a controller method says about its route, beside its contract: who may call, what it answers on success. */
export interface RouteFacts {
  method: string;
  /** `/booking/:bookingId` form, without the /api prefix */
  path: string;
  access: AccessRule;
  /** `@HttpCode`, else Nest's default (201 for POST, 200 otherwise) */
  successStatus: number;
}

const join = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [value === undefined ? '' : String(value)]);

/**
 * Reads every controller's routes from Nest's metadata, the same the guard and the router read,
 * so a new controller in any context appears with its access rule and success status.
 */
export function collectRouteFacts(app: INestApplicationContext): RouteFacts[] {
  const facts: RouteFacts[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller || typeof controller !== 'function') continue;
      const prefixes = list(Reflect.getMetadata(PATH_METADATA, controller));
      const classRule = Reflect.getMetadata(ACCESS_KEY, controller) as AccessRule | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
        if (requestMethod === undefined || paths === undefined) continue;
        const method = RequestMethod[requestMethod];
        const access = (Reflect.getMetadata(ACCESS_KEY, handler) as AccessRule | undefined) ?? classRule ?? { kind: 'user' };
        const successStatus = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200);
        for (const prefix of prefixes) for (const path of list(paths)) facts.push({ method, path: join(prefix, path), access, successStatus });
      }
    }
  }
  return facts;
}
