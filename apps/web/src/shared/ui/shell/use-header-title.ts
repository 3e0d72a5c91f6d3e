import { useEffect } from 'react';
import { setHeaderTitle } from './shell-store';

/**
 * A screen names itself in the main header (000 §2.8 station title); cleared when it leaves.
 * Without it the header falls back to the station whose page the path is.
 */
export const useHeaderTitle = (title: string | null | undefined): void => {
  useEffect(() => {
    if (!title) return;
    setHeaderTitle(title);
    return () => setHeaderTitle(null);
  }, [title]);
};
