import { Inject, Injectable, SetMetadata, applyDecorators, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, type Role } from '@portal/kernel';
import { APP_CONFIG, Authorized, type AppConfig, type PortalRequest } from '@portal/platform';

/** tc_admin writes (when their account is Brazil's, 001 §2); tc_manager sees every event and runs check-in and check-out (ADR 0060). */
export const EVENTS_ADMIN: Role[] = ['tc_admin'];
export const EVENTS_STAFF: Role[] = ['tc_admin', 'tc_manager'];
/** Who enrols, scans the staff code and answers quizzes: every signed-in person but the read-only auditor. */
export const ATTENDEE_ROLES: Role[] = ['learner', 'company_manager', 'company_admin', 'tc_manager', 'tc_admin'];
/** The Events area is Brazil's (001 §2, §6: "Events: Brazil only, tc_admin"). */
export const EVENTS_COUNTRY = 'BR';

type Area = 'admin' | 'staff' | 'attendee' | 'audit';
const AREA_KEY = 'events:area';
const ROLES_OF: Record<Area, Role[]> = { admin: EVENTS_ADMIN, staff: EVENTS_STAFF, attendee: ATTENDEE_ROLES, audit: ['auditor'] };

/**
 * The server's half of 001 §2's Events menu rule (ADR 0060): with the scheduledEvents toggle off
 * every events route answers 404 as if the area did not exist; an admin route also needs a
 * Brazilian tc_admin (403 otherwise). Runs after the global AuthGuard (401, roles).
 */
@Injectable()
export class EventsAreaGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.toggles.scheduledEvents) throw new AppError('404');
    const area = this.reflector.getAllAndOverride<Area | undefined>(AREA_KEY, [context.getHandler(), context.getClass()]);
    if (area === 'admin') {
      const p = context.switchToHttp().getRequest<PortalRequest>().principal;
      if (!p || p.kind !== 'user' || p.country !== EVENTS_COUNTRY) throw new AppError('403');
    }
    return true;
  }
}

/** Who may call an events route: the roles (the global guard checks them) and the area's own rules. */
export const EventsArea = (area: Area) => applyDecorators(Authorized({ roles: ROLES_OF[area] }), SetMetadata(AREA_KEY, area), UseGuards(EventsAreaGuard));

/** Whether a principal's roles make them events staff (they see every event). */
export const isEventsStaff = (roles: readonly Role[]): boolean => roles.some((r) => EVENTS_STAFF.includes(r));
