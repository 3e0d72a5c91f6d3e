import { v5 as uuidv5 } from 'uuid';
import { importKeyOf } from '../../domain/index.js';

/** The namespace of imported events' ids (uuid v5, ADR 0062): fixed forever, or keys would name other events. */
const EVENT_KEY_NAMESPACE = '5f0c6a0e-8f4b-4d5e-9a51-3e2b7c1d0a62';

/**
 * The event an external key names: the same id on every import of the key (case and spaces
 * around it ignored), so a re-import finds the stream it created, and two imports of one key at
 * once decide on the same stream (the second creation is a retry that appends nothing).
 */
export const eventIdOfKey = (key: string): string => uuidv5(importKeyOf(key), EVENT_KEY_NAMESPACE);
