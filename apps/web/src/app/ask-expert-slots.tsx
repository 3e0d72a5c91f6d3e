import { lazy, Suspense } from 'react';
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

/** Mounted by the shell for a ready account. */
export function AskExpertNotices() {
  return (
    <Suspense fallback={null}>
      <AnswerNotices />
    </Suspense>
  );
}
