import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { AppError, type Permission, type Principal, type Role } from '@portal/kernel';

/** Deny by default: every route needs a signed-in user unless marked otherwise. */
export const ACCESS_KEY = 'portal:access';
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'guest-or-user' }
  | { kind: 'user'; roles?: Role[]; permissions?: Permission[]; allowIncomplete?: boolean };

/** Anyone, signed in or not (sign-in, registration, health). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);
/** A signed-in user or a guest carrying x-guest-id (content, survey and media-state calls, 000 §6). */
export const GuestOrUser = () => SetMetadata(ACCESS_KEY, { kind: 'guest-or-user' } satisfies AccessRule);
/**
 * A signed-in user holding any of the roles (and all of the permissions, when given) whose
 * e-mail is verified and registration Completed (000 §2.2); `allowIncomplete` opens a route
 * to accounts still being set up (profile, verification, sign-out).
 */
export const Authorized = (rule: { roles?: Role[]; permissions?: Permission[]; allowIncomplete?: boolean } = {}) =>
  SetMetadata(ACCESS_KEY, { kind: 'user', ...rule } satisfies AccessRule);

export interface PortalRequest {
  id: string;
  correlationId: string;
  principal?: Principal;
  /** Why a bearer token sent to a public route was refused (expired, forged). */
  authError?: unknown;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<PortalRequest>();
  if (!req.principal) throw new AppError('401');
  return req.principal;
});

export const CurrentRequest = createParamDecorator((_: unknown, ctx: ExecutionContext): PortalRequest =>
  ctx.switchToHttp().getRequest<PortalRequest>(),
);

/** The signed-in user, or 401. */
export const requireUser = (p: Principal | undefined): Extract<Principal, { kind: 'user' }> => {
  if (!p || p.kind !== 'user') throw new AppError('401');
  return p;
};
