import { lazy, Suspense, useEffect, useState } from 'react';
import { useAccountReady } from '../shared/session/use-session';

/**
 * Ask the expert's parts that the shell shows (ADR 0072; features never import each other): the
 * side menu's entries, the notifications sidebar's answers, and the listener that turns the
 * realtime `expert.answered` into a notification. Each loads its code on first use.
 */
const MenuEntries = lazy(() => import('../features/ask-expert/components/menu-entries').then((m) => ({ default: m.AskExpertMenuEntries })));
const AnswersInSidebar = lazy(() => import('../features/ask-expert/components/answer-notices').then((m) => ({ default: m.ExpertAnswersInSidebar })));
const AnswerNotices = lazy(() => import('../features/ask-expert/components/answer-notices').then((m) => ({ default: m.ExpertAnswerNotices })));

export function AskExpertMenuSlot({ onNavigate }: { onNavigate: () => void }) {
  if (!useAccountReady()) return null;
  return (
    <Suspense fallback={null}>
      <MenuEntries onNavigate={onNavigate} />
    </Suspense>
  );
}

export function AskExpertSidebarSlot({ onNavigate }: { onNavigate: () => void }) {
  if (!useAccountReady()) return null;
  return (
    <Suspense fallback={null}>
      <AnswersInSidebar onNavigate={onNavigate} />
    </Suspense>
  );
}

/**
 * Mounted by the shell for a ready account, once the page is idle after its first render: it
 * shows nothing until an expert answers, so its code is not part of a first screen's first wave
 * (ADR 0090's budget).
 */
const IDLE_AFTER_MS = 1000;

export function AskExpertNotices() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // a second after the first render, then the next idle moment: an idle moment can come within
    // the first frames, and the notices' code would join the first wave after all
    let handle: number | undefined;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      else setIdle(true);
    }, IDLE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, []);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <AnswerNotices />
    </Suspense>
  );
}
