import { PERMISSIONS, ROLES, type Clock, type Permission, type Role } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { handleCommand, loadState } from '@portal/platform';
import { emailStream, userStream } from '../../contracts/index.js';
import { accessOf, emailClaimDecider, sameAccess, userDecider, type GrantingActor, type UserAccess } from '../../domain/index.js';
import { DEMO_COMPANY, seedDemoCompanies } from './demo-companies.js';
import { emailKey } from '../shared/email-key.js';
import { PasswordHasher } from '../shared/password-hasher.js';

export const DEMO_PASSWORD = 'Demo#2026';
export { DEMO_COMPANY };

export interface DemoUser {
  userId: string;
  email: string;
  name: string;
  country: string;
  lang: 'pt-BR' | 'es' | 'en';
  roles: Role[];
  permissions: Permission[];
  companyId: string | null;
  company: string | null;
  userType: 'Agricultor' | 'Distribuidor' | 'Cooperativa';
  /** the company's own staff also have an acting area */
  actingArea: 'Vendas' | 'Marketing' | 'Market Development' | null;
}


/** One demo user per role (fixed ids so a re-seed finds them). */
export const DEMO_USERS: DemoUser[] = [
  { userId: '01900000-0000-7000-8000-000000000001', email: 'learner@demo.agro', name: 'Ana Souza', country: 'BR', lang: 'pt-BR', roles: ['learner'], permissions: [], companyId: null, company: null, userType: 'Agricultor', actingArea: null },
  {
    userId: '01900000-0000-7000-8000-000000000002',
    email: 'company.manager@demo.agro',
    name: 'Carlos Mendes',
    country: 'BR',
    lang: 'pt-BR',
    roles: ['company_manager'],
    permissions: ['view_manager_dashboard', 'manage_companies_users'],
    companyId: DEMO_COMPANY,
    company: 'Cooperativa Demo',
    userType: 'Cooperativa',
    actingArea: null,
  },
  {
    userId: '01900000-0000-7000-8000-000000000003',
    email: 'company.admin@demo.agro',
    name: 'Beatriz Lima',
    country: 'BR',
    lang: 'pt-BR',
    roles: ['company_admin'],
    permissions: ['view_manager_dashboard', 'manage_companies_users', 'manage_companies_managers'],
    companyId: DEMO_COMPANY,
    company: 'Cooperativa Demo',
    userType: 'Cooperativa',
    actingArea: null,
  },
  { userId: '01900000-0000-7000-8000-000000000004', email: 'tc.manager@demo.agro', name: 'Diego Ramírez', country: 'MX', lang: 'es', roles: ['tc_manager'], permissions: [], companyId: null, company: null, userType: 'Distribuidor', actingArea: 'Market Development' },
  { userId: '01900000-0000-7000-8000-000000000005', email: 'tc.admin@demo.agro', name: 'Elena Torres', country: 'BR', lang: 'pt-BR', roles: ['tc_admin'], permissions: [], companyId: null, company: null, userType: 'Distribuidor', actingArea: 'Marketing' },
  { userId: '01900000-0000-7000-8000-000000000006', email: 'auditor@demo.agro', name: 'Fernanda Alves', country: 'BR', lang: 'en', roles: ['auditor'], permissions: [], companyId: null, company: null, userType: 'Distribuidor', actingArea: 'Vendas' },
  {
    userId: '01900000-0000-7000-8000-000000000007',
    email: 'admin@demo.agro',
    name: 'Gabriel Rocha',
    country: 'BR',
    lang: 'pt-BR',
    roles: ['company_admin'],
    permissions: ['view_manager_dashboard', 'manage_companies_users', 'manage_companies_managers', 'manage_whatsapp', 'manage_all_companies'],
    companyId: DEMO_COMPANY,
    company: 'Cooperativa Demo',
    userType: 'Cooperativa',
    actingArea: 'Market Development',
  },
];

/** Users the demo company pre-registered (no account yet, ADR 0050): registering with the address takes over their access. */
export const DEMO_PRE_REGISTERED: { userId: string; email: string; name: string; roles: Role[]; permissions: Permission[] }[] = [
  { userId: '01900000-0000-7000-8000-000000000101', email: 'helena.castro@cooperativa.demo', name: 'Helena Castro', roles: ['learner'], permissions: [] },
  { userId: '01900000-0000-7000-8000-000000000102', email: 'igor.nunes@cooperativa.demo', name: 'Igor Nunes', roles: ['learner', 'company_manager'], permissions: ['manage_companies_users', 'view_manager_dashboard'] },
];

/** The seed acts as a manager holding everything, recorded as `by: system:seed`. */
const SEED_ACTOR: GrantingActor = { userId: 'system:seed', roles: [...ROLES], permissions: [...PERMISSIONS], companyId: null, aclTags: ['dist:all', 'team:all'] };

const demoAccess = (u: Pick<DemoUser, 'roles' | 'permissions' | 'companyId'>): UserAccess => ({ roles: u.roles, permissions: u.permissions, aclTags: ['dist:all'], companyId: u.companyId, allowedStations: 'all' });

/**
 * Idempotent: users already present keep what they have, except that their access is brought to
 * the list's (AccessChanged by system:seed), so a re-seed after the list changed gives the demo
 * staff their new permissions. Every write goes through the domain's deciders with handleCommand,
 * so the demo accounts obey the same rules as registered ones.
 */
export async function seedDemoUsers(store: EventStore, clock: Clock, hasher = new PasswordHasher()): Promise<number> {
  const ctx: AppendContext = { correlationId: 'seed-demo-users', actor: 'system', origin: 'cli' };
  let created = 0;
  // the companies (domains, one invitation-only) and the reference lists come first
  await seedDemoCompanies(store, clock);
  for (const u of DEMO_USERS) {
    const { exists, state } = await loadState(store, userStream(u.userId), userDecider);
    if (exists) {
      if (state.status === 'registered' && !sameAccess(accessOf(state), demoAccess(u))) {
        await handleCommand(store, userStream(u.userId), userDecider, { type: 'ChangeAccess', data: { actor: SEED_ACTOR, access: demoAccess(u), now: clock.now().toISOString() } }, ctx);
      }
      continue;
    }
    const now = clock.now().toISOString();
    await handleCommand(store, emailStream(emailKey(u.email)), emailClaimDecider, { type: 'ClaimEmail', data: { email: u.email, userId: u.userId, now } }, ctx);
    const passwordHash = await hasher.hash(DEMO_PASSWORD);
    const stream = userStream(u.userId);
    await handleCommand(store, stream, userDecider, { type: 'RegisterUser', data: { userId: u.userId, email: u.email, passwordHash, country: u.country, ref: 'demo', lang: u.lang, consent: true, now } }, ctx);
    await handleCommand(store, stream, userDecider, { type: 'VerifyEmail', data: { userId: u.userId, now } }, ctx);
    await handleCommand(
      store,
      stream,
      userDecider,
      { type: 'UpdateProfile', data: { userId: u.userId, name: u.name, company: u.company, userType: u.userType, actingArea: u.actingArea, isInnerEmployee: u.actingArea !== null, now } },
      ctx,
    );
    await handleCommand(
      store,
      stream,
      userDecider,
      { type: 'GrantAccess', data: { userId: u.userId, ...demoAccess(u), now } },
      ctx,
    );
    created += 1;
  }
  for (const p of DEMO_PRE_REGISTERED) {
    if ((await loadState(store, userStream(p.userId), userDecider)).exists) continue;
    const now = clock.now().toISOString();
    await handleCommand(store, emailStream(emailKey(p.email)), emailClaimDecider, { type: 'ClaimEmail', data: { email: p.email, userId: p.userId, now } }, ctx);
    await handleCommand(
      store,
      userStream(p.userId),
      userDecider,
      {
        type: 'PreRegisterUser',
        data: { actor: SEED_ACTOR, userId: p.userId, email: p.email, details: { name: p.name, country: 'BR' }, access: demoAccess({ ...p, companyId: DEMO_COMPANY }), invitation: null, now },
      },
      ctx,
    );
    created += 1;
  }
  return created;
}
