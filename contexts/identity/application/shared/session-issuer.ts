import { Inject, Injectable } from '@nestjs/common';
import { newId, type Permission, type RegisterStatus, type Role } from '@portal/kernel';
import { TOKENS, TokenService } from '@portal/platform';
import type { SessionResponse } from '../../contracts/index.js';

export interface SessionSubject {
  userId: string;
  email: string;
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
  companyId: string | null;
  country: string | null;
  allowedStations: Record<string, true> | 'all';
  registerStatus: RegisterStatus;
  emailVerified: boolean;
}

@Injectable()
export class SessionIssuer {
  constructor(@Inject(TOKENS) private readonly tokens: TokenService) {}

  async issue(subject: SessionSubject, sessionId = newId()): Promise<SessionResponse & { sessionId: string }> {
    // explicit fields only: the aggregate state also holds the password hash
    const accessToken = await this.tokens.issue({
      sub: subject.userId,
      sid: sessionId,
      email: subject.email,
      roles: subject.roles,
      permissions: subject.permissions,
      aclTags: subject.aclTags,
      companyId: subject.companyId,
      country: subject.country,
      allowedStations: subject.allowedStations,
      registerStatus: subject.registerStatus,
      emailVerified: subject.emailVerified,
    });
    return { userId: subject.userId, accessToken, expiresIn: this.tokens.accessTtlSeconds, sessionId };
  }
}
