import type { Kysely } from 'kysely';
import type { UserActionsDB } from './schema.js';

export interface UserAction {
  position: bigint;
  streamId: string;
  revision: bigint;
  type: string;
}

/**
 * The changes `actorId` made, newest first, `limit` of them before `before` (a position; all when
 * absent). One index range (actor, position).
 */
export async function listUserActions(reader: Kysely<UserActionsDB>, actorId: string, options: { before?: bigint; limit: number }): Promise<UserAction[]> {
  let q = reader.selectFrom('user_actions').select(['position', 'stream_id', 'revision', 'type']).where('actor_id', '=', actorId);
  if (options.before !== undefined) q = q.where('position', '<', options.before.toString());
  const rows = await q.orderBy('position', 'desc').limit(options.limit).execute();
  return rows.map((r) => ({ position: BigInt(String(r.position)), streamId: r.stream_id, revision: BigInt(String(r.revision)), type: r.type }));
}
