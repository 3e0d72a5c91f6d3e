/**
 * Which event fields hold personal data (ADR 0091). The registry itself is the composition root's
 * (apps/api/src/infrastructure/privacy-classification.ts): this file holds its shape and the rules the
 * store's edge applies with it. Every field of every stored event type is classified:
 * - `personal`: about a data subject (name, e-mail, phone, address, free text, IP, user agent):
 *   encrypted with the subject's data key, unreadable once the key is destroyed;
 * - `pseudonymous`: an id that points at a subject (userId, actor, by, phoneKey): kept, so that
 *   facts stay countable after erasure ("erased user #n");
 * - `non-personal`: everything else.
 */
export type FieldClass = 'personal' | 'pseudonymous' | 'non-personal';

/** What an erased field reads as, everywhere (the API hands it on; the SPA shows the translated word). */
export const ERASED = '[erased]';

/** The fields whose values expire after the network-data retention (Marco Civil art. 15), wherever they are. */
export const NETWORK_FIELDS: ReadonlySet<string> = new Set(['ip', 'userAgent']);

export interface EventPrivacy {
  /**
   * Whose data the personal fields are: data paths tried in order (`userId`, `actor`...), `$actor`
   * for the metadata's actor, `$stream` for the stream id. The first that holds a non-empty string wins.
   */
  subject: readonly string[];
  /**
   * Dotted data paths (`details.name`); `path@other` names another subject path for that field
   * (an expert's name in an event about a learner's question).
   */
  personal: readonly string[];
  pseudonymous: readonly string[];
  nonPersonal: readonly string[];
}

export type PrivacyClassification = Readonly<Record<string, EventPrivacy>>;

/** A personal field of an event: where it is and whose it is. */
export interface PersonalField {
  path: readonly string[];
  subjectPaths: readonly string[];
}

/** The personal fields of each type, parsed once. */
export function personalFieldsOf(classification: PrivacyClassification): Map<string, PersonalField[]> {
  const out = new Map<string, PersonalField[]>();
  for (const [type, privacy] of Object.entries(classification)) {
    out.set(
      type,
      privacy.personal.map((entry) => {
        const [path, subject] = entry.split('@') as [string, string | undefined];
        return { path: path.split('.'), subjectPaths: subject ? [subject] : privacy.subject };
      }),
    );
  }
  return out;
}

/** Every classified path of a type, whatever its class (the completeness test). */
export const classifiedPaths = (privacy: EventPrivacy): string[] => [...privacy.personal.map((p) => p.split('@')[0]!), ...privacy.pseudonymous, ...privacy.nonPersonal];

/** The subject id a field belongs to, or null when the event names none. */
export function subjectOf(subjectPaths: readonly string[], data: Record<string, unknown>, actor: string, streamId: string): string | null {
  for (const path of subjectPaths) {
    const value = path === '$actor' ? actor : path === '$stream' ? streamId : getPath(data, path.split('.'));
    if (typeof value === 'string' && value.length > 0 && value !== 'system' && !value.startsWith('system:')) return value;
  }
  return null;
}

export function getPath(data: unknown, path: readonly string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of `data` with the value at `path` replaced (the path exists: getPath found it). */
export function setPath(data: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...data, [head]: value };
  return { ...data, [head]: setPath(data[head] as Record<string, unknown>, rest, value) };
}
