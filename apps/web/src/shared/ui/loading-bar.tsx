import { useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { createLoadingBar, HIDDEN, type LoadingBarController, type LoadingBarView } from './loading-bar-model';

/**
 * The 3 px progress bar at the top of the page (000 §9) while `loading` is true: shown only
 * after 200 ms, filling over 5000 ms, hidden 500 ms after the load ends.
 */
export function LoadingBar({ loading, label }: { loading: boolean; label: string }) {
  const [view, setView] = useState<LoadingBarView>(HIDDEN);
  const controller = useRef<LoadingBarController | null>(null);

  useEffect(() => {
    const bar = createLoadingBar(setView);
    controller.current = bar;
    return () => bar.dispose();
  }, []);

  useEffect(() => {
    if (loading) controller.current?.start();
    else controller.current?.finish();
  }, [loading]);

  if (!view.visible) return null;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(view.progress * 100)}
      data-testid="loading-bar"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      h={3}
      style={{ zIndex: 1000, pointerEvents: 'none' }}
    >
      <Box
        h={3}
        bg="var(--mantine-color-brand-5)"
        style={{ width: `${view.progress * 100}%`, transition: 'width 150ms linear' }}
      />
    </Box>
  );
}
