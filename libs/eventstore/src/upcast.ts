import type { EventMetadata, UpcasterRegistry } from './port.js';

/**
 * Runs the upcaster chain for an event read from storage. Stored data is never rewritten: old
 * shapes stay on disk and every reader sees the current shape, so metadata.schemaVersion reports
 * the version of the data handed out, not the version stored.
 */
export function upcast(
  registry: UpcasterRegistry | undefined,
  type: string,
  data: Record<string, unknown>,
  metadata: EventMetadata,
): { data: Record<string, unknown>; metadata: EventMetadata } {
  const chain = registry?.[type];
  if (!chain) return { data, metadata };
  let version = metadata.schemaVersion;
  let current = data;
  for (let step = chain[version]; step; step = chain[version]) {
    current = step(current, { ...metadata, schemaVersion: version });
    version += 1;
  }
  return version === metadata.schemaVersion ? { data, metadata } : { data: current, metadata: { ...metadata, schemaVersion: version } };
}
