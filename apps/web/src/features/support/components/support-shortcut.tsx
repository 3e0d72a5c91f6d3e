import { useEffect } from 'react';
import { openSupport } from '../../../shared/ui/shell/shell-store';

/**
 * F1 opens the support dialog anywhere (000 §2.10, §9), and so does any support link: an
 * element with data-support-link or an anchor to #support.
 */
export function SupportShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F1') return;
      event.preventDefault();
      openSupport();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest('[data-support-link], a[href="#support"]') : null;
      if (!target) return;
      event.preventDefault();
      openSupport();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);
  return null;
}

