import { useEffect, useSyncExternalStore } from 'react';
import { serverScope, type PageHead } from '../ssr/scope';

/**
 * A screen's own head data (ADR 0090): its title (shown before the branding's) and, for the
 * public pages, its description. A screen says it with `usePageHead` while it renders; the
 * server's render keeps the deepest screen's in the request's scope (`entry-server.tsx` writes
 * it into the document), the browser keeps it in this module for `DocumentHead`. The same value
 * on both sides, so the hydrated page keeps the document's title.
 */
export type { PageHead };

// the screens that declared one, newest last: a screen that mounts before the one it replaces
// unmounts (a Suspense boundary, a transition) does not lose its head to the other's clean-up
const declared: { head: PageHead }[] = [];
let current: PageHead | null = null;
const listeners = new Set<() => void>();
const changed = (): void => {
  current = declared.at(-1)?.head ?? null;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Declares the rendering screen's head data; null (or an empty title) for the branding's. */
export const usePageHead = (head: PageHead | null): void => {
  const scope = serverScope();
  const title = head?.title ?? '';
  const description = head?.description;
  // on the server effects never run: the render itself records it (parents render before children)
  if (scope && title) scope.head.current = { title, description };
  useEffect(() => {
    if (!title) return undefined;
    const entry = { head: { title, description } };
    declared.push(entry);
    changed();
    return () => {
      declared.splice(declared.indexOf(entry), 1);
      changed();
    };
  }, [title, description]);
};

/** The current screen's head data: the scope's on the server, the module's in the browser. */
export const usePageHeadState = (): PageHead | null => useSyncExternalStore(subscribe, () => current, () => serverScope()?.head.current ?? null);

/** The document title: the screen's, then the branding's. */
export const documentTitle = (page: PageHead | null, brandTitle: string): string => (page?.title ? `${page.title} | ${brandTitle}` : brandTitle);

/** A page's description from its HTML: its text, at most 160 characters, cut at a word. */
export const describeHtml = (html: string): string => {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= 160) return text;
  const cut = text.slice(0, 159);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).trimEnd()}…`;
};
