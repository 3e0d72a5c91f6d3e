import type { Clock, Permission, Role } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { handleCommand, loadState } from '@portal/platform';
import { emailStream, userStream } from '../../contracts/index.js';
import { emailClaimDecider, userDecider } from '../../domain/index.js';
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
    permissions: ['view_manager_dashboard', 'manage_companies_users', 'manage_companies_managers', 'manage_all_companies'],
    companyId: DEMO_COMPANY,
    company: 'Cooperativa Demo',
    userType: 'Cooperativa',
    actingArea: null,
  },
  { userId: '01900000-0000-7000-8000-000000000004', email: 'tc.manager@demo.agro', name: 'Diego Ramírez', country: 'MX', lang: 'es', roles: ['tc_manager'], permissions: [], companyId: null, company: null, userType: 'Distribuidor', actingArea: 'Market Development' },
  { userId: '01900000-0000-7000-8000-000000000005', email: 'tc.admin@demo.agro', name: 'Elena Torres', country: 'BR', lang: 'pt-BR', roles: ['tc_admin'], permissions: [], companyId: null, company: null, userType: 'Distribuidor', actingArea: 'Marketing' },
  { userId: '01900000-0000-7000-8000-000000000006', email: 'auditor@demo.agro', name: 'Fernanda Alves', country: 'BR', lang: 'en', roles: ['auditor'], permissions: [], companyId: null, company: null, userType: 'Distribuidor', actingArea: 'Vendas' },
];

/**
 * Idempotent: users already present are left as they are. Every write goes through the domain's
 * deciders with handleCommand, so the demo accounts obey the same rules as registered ones.
 */
export async function seedDemoUsers(store: EventStore, clock: Clock, hasher = new PasswordHasher()): Promise<number> {
  const ctx: AppendContext = { correlationId: 'seed-demo-users', actor: 'system', origin: 'cli' };
  let created = 0;
  // the companies (domains, one invitation-only) and the reference lists come first
  await seedDemoCompanies(store, clock);
  for (const u of DEMO_USERS) {
    const { exists } = await loadState(store, userStream(u.userId), userDecider);
    if (exists) continue;
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
      { type: 'GrantAccess', data: { userId: u.userId, roles: u.roles, permissions: u.permissions, aclTags: ['dist:all'], companyId: u.companyId, allowedStations: 'all', now } },
      ctx,
    );
    created += 1;
  }
  return created;
}
