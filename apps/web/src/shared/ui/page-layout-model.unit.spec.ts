import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, deviceFor, isLargeWidth } from './breakpoints';
import { HEADER_FADE_PX, headerOpacity, parsePositions, positionOf, savePosition } from './page-layout-model';

describe('generic page layout (000 §2.3)', () => {
  it('fades the header in over the first 48 px', () => {
    expect(HEADER_FADE_PX).toBe(48);
    expect(headerOpacity(0)).toBe(0);
    expect(headerOpacity(-10)).toBe(0);
    expect(headerOpacity(24)).toBe(0.5);
    expect(headerOpacity(48)).toBe(1);
    expect(headerOpacity(400)).toBe(1);
  });

  it('stores and restores the scroll position per page key', () => {
    let positions = savePosition({}, '/br', 120.4);
    positions = savePosition(positions, '/br/articles', 300);
    expect(positionOf(positions, '/br')).toBe(120);
    expect(positionOf(positions, '/tour/ctb_2021')).toBeUndefined();
    positions = savePosition(positions, '/br', 10);
    expect(Object.keys(positions)).toEqual(['/br/articles', '/br']);
  });

  it('keeps the most recent pages only', () => {
    let positions = {};
    for (let i = 0; i < 5; i++) positions = savePosition(positions, `/p${i}`, i, 3);
    expect(Object.keys(positions)).toEqual(['/p2', '/p3', '/p4']);
  });

  it('reads stored positions defensively', () => {
    expect(parsePositions(null)).toEqual({});
    expect(parsePositions('not json')).toEqual({});
    expect(parsePositions('[1,2]')).toEqual({});
    expect(parsePositions('{"a":1,"b":"x"}')).toEqual({ a: 1 });
  });
});

describe('breakpoints (000 §9)', () => {
  it('xs 576, sm 768, md 992, lg 1200', () => {
    expect(BREAKPOINTS).toEqual({ xs: 576, sm: 768, md: 992, lg: 1200 });
  });
  it('lg and up is desktop, md tablet, below mobile', () => {
    expect(deviceFor(1200)).toBe('desktop');
    expect(deviceFor(1199)).toBe('tablet');
    expect(deviceFor(992)).toBe('tablet');
    expect(deviceFor(991)).toBe('mobile');
    expect(deviceFor(375)).toBe('mobile');
  });
  it('the side menu docks from 992 px', () => {
    expect(isLargeWidth(992)).toBe(true);
    expect(isLargeWidth(991)).toBe(false);
  });
});
