import { AppError } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { domainsHeldByOthers } from '@portal/projection-companies';
import type { Company } from '../../contracts/index.js';
import { normaliseDomains, type CompanyState } from '../../domain/index.js';

/**
 * The domains of `domains` another company holds, read once the companies read model has applied
 * everything committed so far (a domain belongs to one company only; ADR 0051 says why a read
 * model and not a claim stream is enough for this administrators' write).
 */
export async function domainsHeldElsewhere(store: EventStore, projections: ProjectionRuntime, domains: readonly string[], companyId: string): Promise<string[]> {
  if (!(await projections.waitFor('companies', await store.headCheckpoint()))) throw new AppError('503');
  return domainsHeldByOthers(projections.reader('companies'), normaliseDomains(domains), companyId);
}

/** A company as the manager area answers it, from the decider's state after a write. */
export function companyOf(state: CompanyState): Company {
  if (state.status !== 'registered') throw new AppError('404');
  const { status: _status, registeredAt, ...company } = state;
  return { ...company, createdAt: registeredAt };
}
