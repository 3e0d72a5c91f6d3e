import { describe, expect, it } from 'vitest';
import { parseRealtimeMessage } from './messages';
import { baselineVersion, reconnectDelay, shouldShowSessionExpired, streamUrl } from './session-rules';

describe('session-expired rule (000 §4.10)', () => {
  const base = { userDataInitialized: true, knownVersion: '1.7.124', publishedVersion: '1.7.125' };
  it('shows when the version changes after user data is initialized', () => {
    expect(shouldShowSessionExpired(base)).toBe(true);
  });
  it('not before user data is initialized', () => {
    expect(shouldShowSessionExpired({ ...base, userDataInitialized: false })).toBe(false);
  });
  it('not unless both versions are known', () => {
    expect(shouldShowSessionExpired({ ...base, knownVersion: null })).toBe(false);
    expect(shouldShowSessionExpired({ ...base, knownVersion: '' })).toBe(false);
    expect(shouldShowSessionExpired({ ...base, publishedVersion: undefined })).toBe(false);
    expect(shouldShowSessionExpired({ ...base, publishedVersion: ' ' })).toBe(false);
  });
  it('not when they are equal', () => {
    expect(shouldShowSessionExpired({ ...base, publishedVersion: '1.7.124' })).toBe(false);
    expect(shouldShowSessionExpired({ ...base, publishedVersion: ' 1.7.124 ' })).toBe(false);
  });
  it('the baseline is the first version the page heard of', () => {
    expect(baselineVersion(null, '1.0')).toBe('1.0');
    expect(baselineVersion('1.0', '2.0')).toBe('1.0');
    expect(baselineVersion('', null)).toBeNull();
  });
});

describe('realtime stream', () => {
  it('reconnects after 1, 2, 4 ... seconds, at most 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
  it('carries a single-use ticket in the query, never the access token (EventSource sends no headers; ADR 0080)', () => {
    expect(streamUrl('/api', 'a-b_c+d')).toBe('/api/realtime/stream?ticket=a-b_c%2Bd');
  });
  it('parses version, unseen and recommendations messages and drops the rest', () => {
    expect(parseRealtimeMessage('version', '{"version":"1.7.124"}')).toEqual({ type: 'version', version: '1.7.124' });
    expect(parseRealtimeMessage('unseen', '{"count":150}')).toEqual({ type: 'unseen', count: 150 });
    expect(parseRealtimeMessage('recommendations', '{"position":"12.3","recommendations":[]}')).toEqual({ type: 'recommendations', position: '12.3' });
    expect(parseRealtimeMessage('unseen', '{"count":"x"}')).toBeNull();
    expect(parseRealtimeMessage('unseen', 'not json')).toBeNull();
    expect(parseRealtimeMessage('other', '{}')).toBeNull();
    expect(parseRealtimeMessage('events.presence', '{"eventId":"e1","checkedIn":3,"checkedOut":1}')).toEqual({ type: 'events.presence', eventId: 'e1', checkedIn: 3, checkedOut: 1 });
    expect(parseRealtimeMessage('events.presence', '{"eventId":"e1","checkedIn":-1,"checkedOut":0}')).toBeNull();
  });
});
