import { useEffect } from 'react';
import { useAuthClaims } from '../../../shared/session/use-session';
import { openSearch } from '../../../shared/ui/shell/shell-store';
import { useToggles } from '../../../shared/ui/shell/use-toggles';
import { isTypingTarget, searchMode, type SearchMode } from '../model/search-model';

/** The search mode for the signed-in user and the current toggles. */
export const useSearchMode = (): SearchMode => {
  const claims = useAuthClaims();
  const toggles = useToggles();
  return claims ? searchMode(claims.country, toggles) : 'off';
};

/** "/" opens the search dialog (000 §2.10, §9) when search is on and the user is not typing. */
export function SearchShortcut() {
  const mode = useSearchMode();
  useEffect(() => {
    if (mode === 'off') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      event.preventDefault();
      openSearch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);
  return null;
}

