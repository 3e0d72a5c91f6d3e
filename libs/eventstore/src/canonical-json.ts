import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted recursively (UTF-16 code unit order, as Array.prototype.sort) and no
 * whitespace, so the same value always hashes the same whatever order its keys were built in.
 * bigint is written as a JSON integer; undefined members are dropped, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return canonicalJson(withToJson.toJSON());
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
