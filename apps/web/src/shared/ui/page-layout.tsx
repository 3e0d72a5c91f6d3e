import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Box, Container, LoadingOverlay, type ContainerProps } from '@mantine/core';
import { headerOpacity, restoreScrollPosition, storeScrollPosition } from './page-layout-model';

interface PageLayoutProps {
  /** the header that fades in over the first 48 px of scroll (a compact title bar) */
  header?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** shows the loading overlay over the scrolling section */
  loading?: boolean;
  /** scroll position stored and restored under this key (000 §2.3) */
  pageKey?: string;
  size?: ContainerProps['size'];
}

const windowTop = (): number => (typeof window === 'undefined' ? 0 : window.scrollY);

/**
 * Generic page layout (000 §2.3): a top header fading in over the first 48 px of scroll, the
 * scrolling section, a footer and a loading overlay. The page scrolls the window (keyboard
 * and assistive technology scroll it as usual); its position is saved per page key while
 * scrolling and restored when a page with that key shows again.
 */
export function PageLayout({ header, children, footer, loading = false, pageKey, size = 'lg' }: PageLayoutProps) {
  const [opacity, setOpacity] = useState(() => headerOpacity(windowTop()));

  useLayoutEffect(() => {
    if (!pageKey) return;
    const top = restoreScrollPosition(pageKey);
    if (top !== undefined) window.scrollTo({ top });
  }, [pageKey]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = windowTop();
        setOpacity(headerOpacity(top));
        if (pageKey) storeScrollPosition(pageKey, top);
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [pageKey]);

  return (
    <Box pos="relative" data-testid="page-layout" data-page-key={pageKey}>
      {header && (
        <Box
          data-testid="page-layout-header"
          data-opacity={opacity}
          pos="sticky"
          top={0}
          bg="white"
          style={{
            zIndex: 5,
            opacity,
            visibility: opacity === 0 ? 'hidden' : 'visible',
            boxShadow: 'var(--mantine-shadow-xs)',
            transition: 'opacity 80ms linear',
          }}
        >
          <Container size={size} py="xs">
            {header}
          </Container>
        </Box>
      )}
      <Box component="section" pos="relative" mih="50vh">
        <LoadingOverlay visible={loading} zIndex={4} overlayProps={{ blur: 1 }} />
        <Container size={size} py="xl">
          {children}
        </Container>
      </Box>
      {footer}
    </Box>
  );
}
