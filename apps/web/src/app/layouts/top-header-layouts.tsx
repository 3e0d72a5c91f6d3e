import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { JourneyHeader } from '../../features/shell/components/journey-header';
import { PublicFooter } from '../../features/shell/components/public-footer';
import { PublicHeader } from '../../features/shell/components/public-header';
import { TrainingHeader } from '../../features/shell/components/training-header';
import { WelcomeDialog } from '../../features/shell/components/welcome-dialogs';
import { LayoutChromeContext } from '../../shared/ui/layout-context';
import { welcomeFor, type LayoutName } from '../layout-for';
import { SkipLink } from './side-menu-layout';
import classes from './shell.module.css';

/** journey-main and schedule-events (000 §2.3, §2.6): the journey header and the journey welcome. */
export function JourneyLayout({ layout, notifications }: { layout: LayoutName; notifications: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box className={classes.frame} data-layout={layout} data-testid="layout-journey">
      <SkipLink />
      <header className={classes.topHeader}>
        <JourneyHeader notifications={notifications} />
      </header>
      <main id="main" className={classes.main} tabIndex={-1}>
        <LayoutChromeContext.Provider value={true}>
          {welcomeFor(pathname) === 'journey' && <WelcomeDialog kind="journey" />}
          <Outlet />
        </LayoutChromeContext.Provider>
      </main>
    </Box>
  );
}

/** training-main (000 §2.3, §2.7): the training header and the new-university welcome. */
export function TrainingLayout({ notifications }: { notifications: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box className={classes.frame} data-layout="training-main" data-testid="layout-training">
      <SkipLink />
      <header className={classes.topHeader}>
        <TrainingHeader notifications={notifications} />
      </header>
      <main id="main" className={classes.main} tabIndex={-1}>
        <LayoutChromeContext.Provider value={true}>
          {welcomeFor(pathname) === 'university' && <WelcomeDialog kind="university" />}
          <Outlet />
        </LayoutChromeContext.Provider>
      </main>
    </Box>
  );
}

/** public and public-training-main (000 §2.3, §2.9): public top bar, the page, the footers. */
export function PublicLayout({ layout }: { layout: LayoutName }) {
  return (
    <Box mih="100dvh" bg="white" style={{ display: 'flex', flexDirection: 'column' }} data-layout={layout} data-testid="layout-public">
      <SkipLink />
      <PublicHeader />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1 }}>
        <LayoutChromeContext.Provider value={true}>
          <Outlet />
        </LayoutChromeContext.Provider>
      </Box>
      <PublicFooter />
    </Box>
  );
}

/** full: the page alone, full width, inside the main landmark. */
export function FullLayout() {
  return (
    <Box component="main" id="main" mih="100dvh" data-layout="full">
      <LayoutChromeContext.Provider value={true}>
        <Outlet />
      </LayoutChromeContext.Provider>
    </Box>
  );
}

/**
 * booking, compact, start_profile and empty: the screens draw their own frame (the booking
 * feature's BookingLayout; the compact page shell with the language dropdown on top).
 */
export function OwnChromeLayout({ layout }: { layout: LayoutName }) {
  return (
    <div data-layout={layout}>
      <Outlet />
    </div>
  );
}
