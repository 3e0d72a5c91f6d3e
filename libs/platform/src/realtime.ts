/** Server-Sent Events fan-out: contexts publish per-user (or broadcast) messages; open tabs receive them. */
export interface RealtimeMessage {
  type: string;
  data: unknown;
}

export interface RealtimeHub {
  /** To every open tab of one user (all instances, through NOTIFY on a server). */
  publish(userId: string, message: RealtimeMessage): Promise<void>;
  /** To everyone connected (application version changes). */
  broadcast(message: RealtimeMessage): Promise<void>;
  subscribe(userId: string, listener: (message: RealtimeMessage) => void): () => void;
  connections(): number;
}

export const REALTIME = Symbol.for('portal.RealtimeHub');
