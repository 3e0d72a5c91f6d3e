import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { requestScreenCode } from './screen-code';

/** Routes whose lazy modules record that they were asked for (and one that fails, as a stale chunk does). */
function table(asked: string[]): RouteObject[] {
  const lazy = (name: string, fail = false) => async () => {
    asked.push(name);
    if (fail) throw new Error(`Failed to fetch dynamically imported module: ${name}`);
    return {};
  };
  return [
    {
      id: 'root',
      children: [
        {
          id: 'shell',
          lazy: lazy('shell'),
          children: [
            { path: 'home', lazy: lazy('home'), children: [{ index: true, lazy: lazy('home-playlists') }] },
            { path: 'training', children: [{ index: true, lazy: lazy('training') }, { path: ':crop', lazy: lazy('station') }] },
            { path: 'public/booking', lazy: lazy('booking', true) },
          ],
        },
      ],
    },
  ];
}

describe('requestScreenCode: the first screen is asked for at start, beside the session and the translations', () => {
  it('asks for the code of every route the path matches, and of no other screen', () => {
    const asked: string[] = [];
    requestScreenCode(table(asked), { pathname: '/home' });
    expect(asked).toEqual(['shell', 'home', 'home-playlists']);
    const other: string[] = [];
    requestScreenCode(table(other), { pathname: '/training/soja' });
    expect(other).toEqual(['shell', 'station']);
  });

  it('asks for nothing on a path no screen has, and leaves a failed chunk to the router', async () => {
    const asked: string[] = [];
    requestScreenCode(table(asked), { pathname: '/nowhere/at/all' });
    expect(asked).toEqual([]);
    const failing: string[] = [];
    expect(() => requestScreenCode(table(failing), { pathname: '/public/booking' })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(failing).toEqual(['shell', 'booking']);
  });
});
