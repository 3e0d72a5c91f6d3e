import { describe, expect, it } from 'vitest';
import { nextEventPosition } from './event-position';

describe('nextEventPosition (read-your-writes)', () => {
  it('remembers the first position seen', () => {
    expect(nextEventPosition(undefined, '42')).toBe('42');
  });

  it('keeps the current position when an answer has none', () => {
    expect(nextEventPosition('42', null)).toBe('42');
    expect(nextEventPosition('42', '  ')).toBe('42');
    expect(nextEventPosition(undefined, undefined)).toBeUndefined();
  });

  it('moves numeric positions forward only, beyond 2^53', () => {
    expect(nextEventPosition('42', '43')).toBe('43');
    expect(nextEventPosition('43', '42')).toBe('43');
    expect(nextEventPosition('9007199254740993', '9007199254740992')).toBe('9007199254740993');
  });

  it('moves the store\'s <transaction>.<position> forward only, transaction first', () => {
    expect(nextEventPosition('991.112', '991.113')).toBe('991.113');
    expect(nextEventPosition('991.113', '991.112')).toBe('991.113');
    expect(nextEventPosition('991.500', '992.7')).toBe('992.7');
    expect(nextEventPosition('992.7', '991.500')).toBe('992.7');
  });

  it('takes positions of another shape as they come', () => {
    expect(nextEventPosition('42', '17:3')).toBe('17:3');
    expect(nextEventPosition('17:3', '5')).toBe('5');
  });
});
