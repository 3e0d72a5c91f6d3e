import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Anchor, Box, Drawer, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { SideMenu } from '../../features/shell/components/side-menu';
import { MainHeader } from '../../features/shell/components/main-header';
import { RightDrawers } from '../../features/shell/components/right-drawers';
import { INITIAL_MENU_SCROLL, nextMenuScroll } from '../../features/shell/model/menu-visibility';
import { BrandLogo } from '../../shared/ui/brand-logo';
import { isLargeWidth, useViewportWidth } from '../../shared/ui/breakpoints';
import { LayoutChromeContext } from '../../shared/ui/layout-context';
import { setNavbarOpen, useShellState } from '../../shared/ui/shell/shell-store';
import type { LayoutName } from '../layout-for';
import classes from './shell.module.css';

/** Hides the header (with the menu toggle) on scroll down and shows it on scroll up, below 992 px (000 §2.5). */
const useMenuBarVisible = (width: number): boolean => {
  const [visible, setVisible] = useState(true);
  const state = useRef(INITIAL_MENU_SCROLL);
  useEffect(() => {
    const onScroll = () => {
      state.current = nextMenuScroll(state.current, window.scrollY, width);
      setVisible(state.current.visible);
    };
    // first read in the next frame, not during the commit: reading the scroll position there
    // forces a layout that the rest of the commit undoes (a cold /home, ADR 0013)
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [width]);
  return isLargeWidth(width) || visible;
};

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a href="#main" className={classes.skipLink}>
      {t('app.skipToContent')}
    </a>
  );
}

/**
 * The default layout and its variants (default, home, home-dark, main, learning; 000 §2.3):
 * the vertical side menu (a full-width drawer below 992 px), the main header, the page, and
 * the right-hand drawers (apps, NPS panel). Dialogs shared by every layout live in the shell.
 * The first render's markup does not depend on the width (the server renders it, ADR 0090):
 * the docked menu is hidden below 992 px by CSS, the drawer is closed.
 */
export function SideMenuLayout({ layout, notifications }: { layout: LayoutName; notifications: ReactNode }) {
  const { t } = useTranslation('shell');
  const width = useViewportWidth();
  const large = isLargeWidth(width);
  const navbarOpen = useShellState((s) => s.navbarOpen);
  const barVisible = useMenuBarVisible(width);
  const dark = layout === 'home-dark';
  // the docked menu's markup is there on every width (CSS shows it from 992 px); while the
  // drawer form is open (below 992 px, until its closing transition ends) it stands in for it,
  // so the page never has two menus
  const drawerOpen = navbarOpen && !large;
  const [drawerShown, setDrawerShown] = useState(false);
  useEffect(() => {
    if (drawerOpen) setDrawerShown(true);
  }, [drawerOpen]);

  // the drawer form only exists below 992 px
  useEffect(() => {
    if (!large) return;
    setNavbarOpen(false);
    setDrawerShown(false);
  }, [large]);

  const brand = (
    <Anchor component={Link} to="/home" underline="never" aria-label={t('menu.brand')} onClick={() => setNavbarOpen(false)}>
      <Group gap="xs" wrap="nowrap">
        <BrandLogo size={30} />
        <Text fw={700} c="brand">
          {t('menu.title')}
        </Text>
      </Group>
    </Anchor>
  );

  return (
    <Box className={classes.frame} data-layout={layout} data-testid="layout-side-menu">
      <SkipLink />
      {!drawerOpen && !drawerShown && (
        <nav id="side-menu" className={classes.navbar} aria-label={t('menu.label')} data-testid="side-menu">
          <div className={classes.navbarBrand}>{brand}</div>
          <div className={classes.navbarBody}>
            <SideMenu />
          </div>
        </nav>
      )}
      <div className={classes.content}>
        <header className={classes.header} data-dark={dark ? 'true' : 'false'} data-visible={barVisible ? 'true' : 'false'} data-testid="mobile-menu-bar">
          <MainHeader notifications={notifications} dark={dark} />
        </header>
        <main id="main" className={classes.main} tabIndex={-1}>
          <LayoutChromeContext.Provider value={true}>
            <Outlet />
          </LayoutChromeContext.Provider>
        </main>
      </div>
      <Drawer opened={drawerOpen} onClose={() => setNavbarOpen(false)} onExitTransitionEnd={() => setDrawerShown(false)} size="100%" title={brand} position="left">
        <nav id="side-menu" aria-label={t('menu.label')} data-testid="side-menu" style={{ height: 'calc(100dvh - 80px)' }}>
          <SideMenu />
        </nav>
      </Drawer>
      <RightDrawers />
    </Box>
  );
}
