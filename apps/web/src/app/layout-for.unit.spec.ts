import { describe, expect, it } from 'vitest';
import { familyOf, LAYOUT_NAMES, layoutFor, welcomeFor } from './layout-for';

describe('layouts (000 §2.3)', () => {
  it('has every layout of the spec', () => {
    expect([...LAYOUT_NAMES].sort()).toEqual(
      ['booking', 'compact', 'default', 'empty', 'full', 'home', 'home-dark', 'journey-main', 'learning', 'main', 'public', 'public-training-main', 'schedule-events', 'start_profile', 'training-main'].sort(),
    );
    for (const name of LAYOUT_NAMES) expect(familyOf(name)).toBeTruthy();
  });

  it.each([
    ['/', 'public'],
    ['/br', 'public'],
    ['/br/articles/x', 'public'],
    ['/br/content/i2x', 'public-training-main'],
    ['/br/content/i2x/y', 'public-training-main'],
    ['/tour/ctb_2021', 'public'],
    ['/ar/content/ambiente-y-densidad', 'public'],
    ['/dev/map', 'public'],
    ['/public/booking', 'booking'],
    ['/public/booking/MX', 'booking'],
    ['/public/survey/BR/x', 'full'],
    ['/auth', 'compact'],
    ['/auth/register', 'compact'],
    ['/auth2/verification', 'compact'],
    ['/auth/logoff', 'empty'],
    ['/account/verify-email', 'compact'],
    ['/account/profile', 'start_profile'],
    ['/home', 'home'],
    ['/journey', 'journey-main'],
    ['/journey/ctb_cast', 'journey-main'],
    ['/scheduled-events', 'schedule-events'],
    ['/training', 'training-main'],
    ['/training/soja/soja-plantio', 'training-main'],
    ['/station/boas-vindas', 'main'],
    ['/learning/questions', 'learning'],
    ['/area/assessment', 'learning'],
    ['/feed/history', 'default'],
    ['/courses', 'default'],
    ['/download/abc', 'default'],
    ['/manager/tc', 'default'],
    ['/no/such/page', 'compact'],
  ])('%s -> %s', (path, layout) => {
    expect(layoutFor(path)).toBe(layout);
  });

  it('a route may ask for its own layout', () => {
    expect(layoutFor('/feed', 'home-dark')).toBe('home-dark');
    expect(layoutFor('/feed', 'nonsense')).toBe('default');
  });

  it('families', () => {
    expect(familyOf('home-dark')).toBe('side-menu');
    expect(familyOf('schedule-events')).toBe('journey');
    expect(familyOf('training-main')).toBe('training');
    expect(familyOf('public-training-main')).toBe('public');
    expect(familyOf('booking')).toBe('own-chrome');
    expect(familyOf('full')).toBe('bare');
  });

  it('welcome dialogs: journey on the journey home and events, university on the training home', () => {
    expect(welcomeFor('/journey')).toBe('journey');
    expect(welcomeFor('/journey/')).toBe('journey');
    expect(welcomeFor('/scheduled-events')).toBe('journey');
    expect(welcomeFor('/journey/ctb_cast')).toBeNull();
    expect(welcomeFor('/training')).toBe('university');
    expect(welcomeFor('/training/soja')).toBeNull();
    expect(welcomeFor('/home')).toBeNull();
  });
});
