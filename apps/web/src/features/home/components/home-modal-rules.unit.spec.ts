import { describe, expect, it } from 'vitest';
import { homeModalFlags, homeModalToShow } from './home-modal-rules';

const none = { advertenceAlertConfirmed: null, firstVideoContentViewed: null };
const at = '2026-01-01T00:00:00.000Z';

describe('home modals (000 §4.5)', () => {
  it('shows the alert to Brazil users until they confirm it (case-sensitive BR)', () => {
    expect(homeModalFlags({ country: 'BR', interactions: none }, false).showHomeAlertModal).toBe(true);
    expect(homeModalFlags({ country: 'BR', interactions: { ...none, advertenceAlertConfirmed: at } }, false).showHomeAlertModal).toBe(false);
    expect(homeModalFlags({ country: 'br', interactions: none }, false).showHomeAlertModal).toBe(false);
    expect(homeModalFlags({ country: 'MX', interactions: none }, false).showHomeAlertModal).toBe(false);
    expect(homeModalFlags({ country: null, interactions: none }, false).showHomeAlertModal).toBe(false);
  });

  it('shows the first-video modal until the first video is viewed, unless closed this session', () => {
    expect(homeModalFlags({ country: 'MX', interactions: none }, false).showHomeVideoModal).toBe(true);
    expect(homeModalFlags({ country: 'MX', interactions: none }, true).showHomeVideoModal).toBe(false);
    expect(homeModalFlags({ country: 'MX', interactions: { ...none, firstVideoContentViewed: at } }, false).showHomeVideoModal).toBe(false);
  });

  it('shows one modal at a time, the alert first', () => {
    expect(homeModalToShow({ showHomeAlertModal: true, showHomeVideoModal: true })).toBe('alert');
    expect(homeModalToShow({ showHomeAlertModal: false, showHomeVideoModal: true })).toBe('video');
    expect(homeModalToShow({ showHomeAlertModal: false, showHomeVideoModal: false })).toBeNull();
  });
});
