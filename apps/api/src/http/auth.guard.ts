import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, isUuid } from '@portal/kernel';
import { ACCESS_KEY, TOKENS, TokenService, type AccessRule, type PortalRequest } from '@portal/platform';

/**
 * Deny by default: a route without an access rule needs a signed-in user. The bearer token
 * gives the principal; a guest id header identifies an anonymous learner where routes allow it.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TOKENS) private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? { kind: 'user' };
    const req = context.switchToHttp().getRequest<PortalRequest>();
    const auth = req.headers.authorization;
    if (typeof auth === 'string' && auth.startsWith('Bearer ')) {
      const token = auth.slice(7).trim();
      if (token.length > 0) {
        try {
          req.principal = await this.tokens.verify(token);
        } catch (error) {
          // a public route still works for a caller whose stale token failed; the reason is kept
          if (rule.kind !== 'public') throw error;
          req.authError = error;
        }
      }
    }
    if (!req.principal) {
      const guest = req.headers['x-guest-id'];
      if (typeof guest === 'string' && isUuid(guest)) req.principal = { kind: 'guest', guestId: guest.toLowerCase() };
    }
    switch (rule.kind) {
      case 'public':
        return true;
      case 'guest-or-user':
        if (!req.principal) throw new AppError('401');
        return true;
      case 'user': {
        const p = req.principal;
        if (!p || p.kind !== 'user') throw new AppError('401');
        if (!rule.allowIncomplete && (!p.emailVerified || p.registerStatus !== 'Completed')) {
          throw new AppError('403', 'Verify your e-mail and complete your profile first');
        }
        if (rule.roles && rule.roles.length > 0 && !rule.roles.some((r) => p.roles.includes(r))) throw new AppError('403');
        if (rule.permissions && !rule.permissions.every((perm) => p.permissions.includes(perm))) throw new AppError('403');
        return true;
      }
      default: {
        const exhaustive: never = rule;
        throw new Error(`unknown access rule ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}
