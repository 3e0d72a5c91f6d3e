import { describe, expect, it } from 'vitest';
import { shouldWelcome, WELCOME_FLAGS } from './welcome';

describe('welcome dialogs (000 §2.10)', () => {
  it('show until the flag is stored', () => {
    expect(WELCOME_FLAGS).toEqual({ journey: 'journeyWelcome', university: 'universityWelcome' });
    expect(shouldWelcome({}, 'journey')).toBe(true);
    expect(shouldWelcome({ journeyWelcome: false }, 'journey')).toBe(true);
    expect(shouldWelcome({ journeyWelcome: true }, 'journey')).toBe(false);
    expect(shouldWelcome({ journeyWelcome: true }, 'university')).toBe(true);
  });
  it('wait for the user data', () => {
    expect(shouldWelcome(null, 'journey')).toBe(false);
    expect(shouldWelcome(undefined, 'university')).toBe(false);
  });
});
