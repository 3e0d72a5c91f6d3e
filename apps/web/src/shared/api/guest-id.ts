/** Guest id sent as x-guest-id on every call (000 §6): generated once, kept in localStorage. */
export const GUEST_ID_KEY = 'portal.guestId';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);

/** A v4 uuid; crypto.randomUUID only exists in secure contexts, so build one by hand otherwise. */
export const newUuid = (cryptoImpl: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string => {
  if (typeof cryptoImpl.randomUUID === 'function') return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

let memoryGuestId: string | undefined;

export const getGuestId = (): string => {
  let storage: Storage | undefined;
  try {
    storage = globalThis.localStorage;
  } catch {
    storage = undefined;
  }
  const stored = storage?.getItem(GUEST_ID_KEY);
  if (isUuid(stored)) return stored;
  const id = memoryGuestId ?? newUuid();
  memoryGuestId = id;
  try {
    storage?.setItem(GUEST_ID_KEY, id);
  } catch {
    // Quota or privacy mode: keep the id for this page's life.
  }
  return id;
};
