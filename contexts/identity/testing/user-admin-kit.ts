/**
 * Helpers of the user administration's HTTP tests (imported by *.int.spec.ts only): companies and
 * staff with real accounts (registered through the API, access granted through the domain's
 * deciders, signed in through the API, so their tokens are the ones a real sign-in gives), and
 * target users written straight through the deciders (no password hashing) for the matrix.
 */
import { newId, type Permission, type Role } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import { handleCommand } from '@portal/platform';
import type { TestApp } from '@portal/testing/app';
import { registerUser, signIn, STRONG_PASSWORD, type TestUser } from '@portal/testing/identity';
import { companyStream, emailStream, userStream } from '../contracts/index.js';
import { companyDecider, emailClaimDecider, userDecider, type UserCommand } from '../domain/index.js';
import { emailKey } from '../application/shared/email-key.js';

const ctx: AppendContext = { correlationId: 'user-admin-test', actor: 'system:test', origin: 'cli' };

export async function createCompany(t: TestApp, name: string): Promise<string> {
  const companyId = newId();
  await handleCommand(
    t.infra.store,
    companyStream(companyId),
    companyDecider,
    { type: 'RegisterCompany', data: { companyId, name, businessCode: `${name}-code`, phone: null, contactEmail: null, contactName: null, contactPhone: null, domains: [], now: t.clock.now().toISOString() } },
    ctx,
  );
  return companyId;
}

export interface Access {
  roles: Role[];
  permissions?: Permission[];
  companyId?: string | null;
  aclTags?: string[];
  allowedStations?: Record<string, true> | 'all';
}

const grant = (t: TestApp, userId: string, access: Access): UserCommand => ({
  type: 'GrantAccess',
  data: { userId, roles: access.roles, permissions: access.permissions ?? [], aclTags: access.aclTags ?? [], companyId: access.companyId ?? null, allowedStations: access.allowedStations ?? {}, now: t.clock.now().toISOString() },
});

/** A user who can use the portal (verified, profile complete) with the given access, signed in. */
export async function staff(t: TestApp, email: string, access: Access): Promise<TestUser> {
  const u = await registerUser(t, email);
  const now = t.clock.now().toISOString();
  const run = (command: UserCommand) => handleCommand(t.infra.store, userStream(u.userId), userDecider, command, ctx);
  await run({ type: 'VerifyEmail', data: { userId: u.userId, now } });
  await run({ type: 'UpdateProfile', data: { userId: u.userId, name: 'Staff Member', userType: 'Cooperativa', country: 'BR', now } });
  await run(grant(t, u.userId, access));
  return signIn(t, email, STRONG_PASSWORD);
}

/** A user with an account in a company, written through the deciders (cannot sign in: no real password hash). */
export async function accountIn(t: TestApp, email: string, access: Access): Promise<string> {
  const userId = newId();
  const now = t.clock.now().toISOString();
  await handleCommand(t.infra.store, emailStream(emailKey(email)), emailClaimDecider, { type: 'ClaimEmail', data: { email, userId, now } }, ctx);
  const run = (command: UserCommand) => handleCommand(t.infra.store, userStream(userId), userDecider, command, ctx);
  await run({ type: 'RegisterUser', data: { userId, email, passwordHash: 'not-a-hash', country: 'BR', ref: null, lang: 'pt-BR', consent: true, now } });
  await run(grant(t, userId, access));
  return userId;
}

/** Puts the test clock on the real one: the revocation list compares event times with real token issue times (ADR 0031). */
export const clockToRealTime = (t: TestApp): void => t.clock.set(new Date().toISOString());
