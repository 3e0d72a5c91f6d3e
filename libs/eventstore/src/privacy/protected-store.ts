import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppendContext, EventMetadata, EventStore, NewEvent, RecordedEvent } from '../port.js';
import { ERASED, getPath, NETWORK_FIELDS, personalFieldsOf, setPath, subjectOf, type PersonalField, type PrivacyClassification } from './classification.js';
import { networkKeyId, type SubjectKeyring } from './keyring.js';

/**
 * A personal value as stored: `enc1:<json type>:<key id, base64url>:<iv | tag | ciphertext, base64url>`.
 * The key id travels with the value, so reading needs no classification and a reclassified field
 * still decrypts. The json type (s, n, b, o, a) says what an erased value reads as: "[erased]" for
 * text, an empty object or list, 0 or false, so a stored event still parses after erasure.
 */
const PREFIX = 'enc1:';
const TYPE_OF = (value: unknown): string => (typeof value === 'string' ? 's' : typeof value === 'number' ? 'n' : typeof value === 'boolean' ? 'b' : Array.isArray(value) ? 'a' : 'o');
const ERASED_AS: Record<string, unknown> = { s: ERASED, n: 0, b: false, o: {}, a: [] };

export const isCiphertext = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);

export function encryptValue(key: Buffer, keyId: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(keyId, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return `${PREFIX}${TYPE_OF(value)}:${Buffer.from(keyId, 'utf8').toString('base64url')}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The stored form of a value whose subject is already erased: nothing readable, only its type. */
export const erasedValue = (value: unknown): string => `${PREFIX}${TYPE_OF(value)}::`;

const keyIdOf = (stored: string): string => Buffer.from(stored.split(':')[2] ?? '', 'base64url').toString('utf8');

export function decryptValue(key: Buffer | null | undefined, stored: string): unknown {
  const [, type = 's', , payload = ''] = stored.split(':');
  if (!key || payload === '') return ERASED_AS[type] ?? ERASED;
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(keyIdOf(stored), 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

/** The key ids a stored value set needs, collected over a batch so one keyring call serves it. */
function collectKeyIds(value: unknown, into: Set<string>): void {
  if (isCiphertext(value)) {
    const id = keyIdOf(value);
    if (id) into.add(id);
  } else if (Array.isArray(value)) for (const v of value) collectKeyIds(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectKeyIds(v, into);
}

function decryptDeep(value: unknown, keys: Map<string, Buffer | null>): unknown {
  if (isCiphertext(value)) return decryptValue(keys.get(keyIdOf(value)), value);
  if (Array.isArray(value)) return value.map((v) => decryptDeep(v, keys));
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const d = decryptDeep(v, keys);
      if (d !== v) changed = true;
      out[k] = d;
    }
    return changed ? out : value;
  }
  return value;
}

export interface PersonalDataProtection {
  readonly keyring: SubjectKeyring;
  /** Decrypts recorded events as the store's reads do (the log audit's own reads, the export). */
  decryptRecorded<E extends Pick<RecordedEvent, 'data' | 'metadata'>>(events: E[]): Promise<E[]>;
  /**
   * The stored form of an event's data and metadata: each personal field encrypted with its
   * subject's key (IP and user agent with the subject's key of the month). Already encrypted
   * values are left alone, so the log migration can run it twice.
   */
  encryptEvent(
    event: { type: string; data: Record<string, unknown>; metadata: Pick<EventMetadata, 'actor'> & { ip?: string | null; userAgent?: string | null } },
    streamId: string,
    at: Date,
  ): Promise<{ data: Record<string, unknown>; ip?: string | null; userAgent?: string | null; changed: boolean }>;
}

interface Job {
  path: readonly string[] | 'ip' | 'userAgent';
  value: unknown;
  keyId: string;
}

export function createPersonalDataProtection(keyring: SubjectKeyring, classification: PrivacyClassification): PersonalDataProtection {
  const fields = personalFieldsOf(classification);

  const jobsOf = (type: string, data: Record<string, unknown>, actor: string, streamId: string, meta: { ip?: string | null; userAgent?: string | null }, at: Date): Job[] => {
    const jobs: Job[] = [];
    for (const field of fields.get(type) ?? ([] as PersonalField[])) {
      const value = getPath(data, field.path);
      if (value === null || value === undefined || isCiphertext(value)) continue;
      const subject = subjectOf(field.subjectPaths, data, actor, streamId);
      if (!subject) continue; // no subject named: nobody to erase it for (documented per type in the catalogue)
      jobs.push({ path: field.path, value, keyId: NETWORK_FIELDS.has(field.path[field.path.length - 1]!) ? networkKeyId(subject, at) : subject });
    }
    // the request's address and browser are the actor's, shredded after the retention
    const actorSubject = subjectOf(['$actor'], data, actor, streamId);
    for (const name of ['ip', 'userAgent'] as const) {
      const value = meta[name];
      if (typeof value === 'string' && value.length > 0 && !isCiphertext(value) && actorSubject) jobs.push({ path: name, value, keyId: networkKeyId(actorSubject, at) });
    }
    return jobs;
  };

  const apply = (data: Record<string, unknown>, meta: { ip?: string | null; userAgent?: string | null }, jobs: Job[], keys: Map<string, Buffer | null>) => {
    let out = data;
    const metaOut = { ...meta };
    for (const job of jobs) {
      const key = keys.get(job.keyId);
      const stored = key ? encryptValue(key, job.keyId, job.value) : erasedValue(job.value);
      if (job.path === 'ip' || job.path === 'userAgent') metaOut[job.path] = stored;
      else out = setPath(out, job.path, stored);
    }
    return { data: out, ...metaOut };
  };

  return {
    keyring,
    async decryptRecorded(events) {
      const ids = new Set<string>();
      for (const e of events) {
        collectKeyIds(e.data, ids);
        collectKeyIds(e.metadata.ip, ids);
        collectKeyIds(e.metadata.userAgent, ids);
      }
      if (ids.size === 0) return events;
      const keys = await keyring.keysForRead([...ids]);
      return events.map((e) => {
        const data = decryptDeep(e.data, keys) as Record<string, unknown>;
        const ip = decryptDeep(e.metadata.ip, keys) as string | null | undefined;
        const userAgent = decryptDeep(e.metadata.userAgent, keys) as string | null | undefined;
        if (data === e.data && ip === e.metadata.ip && userAgent === e.metadata.userAgent) return e;
        return { ...e, data, metadata: { ...e.metadata, ...(ip !== undefined ? { ip } : {}), ...(userAgent !== undefined ? { userAgent } : {}) } };
      });
    },
    async encryptEvent(event, streamId, at) {
      const meta = { ...(event.metadata.ip !== undefined ? { ip: event.metadata.ip } : {}), ...(event.metadata.userAgent !== undefined ? { userAgent: event.metadata.userAgent } : {}) };
      const jobs = jobsOf(event.type, event.data, event.metadata.actor, streamId, meta, at);
      if (jobs.length === 0) return { data: event.data, ...meta, changed: false };
      const keys = await keyring.keysForWrite(jobs.map((j) => j.keyId));
      return { ...apply(event.data, meta, jobs, keys), changed: true };
    },
  };
}

/**
 * The event store with personal data encrypted at its edge (ADR 0091): append encrypts each
 * event's personal fields (and the request's IP and user agent) before the adapter hashes and
 * stores it, so the chain covers ciphertext; every read decrypts, a destroyed key reading as
 * "[erased]". Domain code, deciders and projections see plaintext and never know.
 */
export function protectPersonalData(store: EventStore, protection: PersonalDataProtection, clock: () => Date = () => new Date()): EventStore {
  const decrypt = (events: RecordedEvent[]) => protection.decryptRecorded(events);
  return {
    get kind() {
      return store.kind;
    },
    migrate: async () => {
      await store.migrate();
      await protection.keyring.migrate();
    },
    async append(streamId, events, options) {
      const at = clock();
      const context: AppendContext = options.context;
      let ip = context.ip;
      let userAgent = context.userAgent;
      const out: NewEvent[] = [];
      for (const event of events) {
        const sealed = await protection.encryptEvent(
          { type: event.type, data: event.data, metadata: { actor: context.actor, ...(context.ip !== undefined ? { ip: context.ip } : {}), ...(context.userAgent !== undefined ? { userAgent: context.userAgent } : {}) } },
          streamId,
          at,
        );
        out.push({ ...event, data: sealed.data });
        ip = sealed.ip ?? ip;
        userAgent = sealed.userAgent ?? userAgent;
      }
      return store.append(streamId, out, { ...options, context: { ...context, ...(ip !== undefined ? { ip } : {}), ...(userAgent !== undefined ? { userAgent } : {}) } });
    },
    readStream: async (streamId, options) => decrypt(await store.readStream(streamId, options)),
    readAll: async (options) => {
      const result = await store.readAll(options);
      return { ...result, events: await decrypt(result.events) };
    },
    subscribe: (options) => store.subscribe({ ...options, handler: async (events) => options.handler(await decrypt(events)) }),
    onAppended: (listener) => store.onAppended(listener),
    verifyStream: (streamId) => store.verifyStream(streamId),
    headCheckpoint: () => store.headCheckpoint(),
    positionAt: (at) => store.positionAt(at),
    close: () => store.close(),
  };
}
