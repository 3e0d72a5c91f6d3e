import type { ReactNode } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths, signInPathFor } from '../../../shared/routing/paths';
import { useSignedIn } from '../../../shared/session/use-session';
import { useInsideLayout } from '../../../shared/ui/layout-context';
import { PageShell } from '../../../shared/ui/page-shell';
import { useShellState } from '../../../shared/ui/shell/shell-store';
import { learningPaths } from '../model/learning-paths';

/**
 * The learning screens' frame: the page shell with links to the learner's areas, reachable by
 * keyboard. Inside a layout only the areas its menus do not already link to (one entry per
 * destination, ADR 0082: the side menu's "University" is /training, so "Training" is left out).
 */
export function LearningShell({ children, courses = false }: { children: ReactNode; courses?: boolean }) {
  const { t } = useTranslation('learning');
  const signedIn = useSignedIn();
  const location = useLocation();
  // inside a layout the toolbar leaves out what its menus already link to, and its user menu signs out (issue 26)
  const inside = useInsideLayout();
  const chrome = useShellState((s) => s.chromeLinks);
  const all = [
    { to: paths.home, label: t('nav.myContent'), testId: 'nav-home' },
    { to: learningPaths.training, label: t('nav.training'), testId: 'nav-training' },
    { to: learningPaths.journey, label: t('nav.journey'), testId: 'nav-journey' },
    { to: learningPaths.feed(), label: t('nav.feed'), testId: 'nav-feed' },
    ...(courses ? [{ to: learningPaths.courses(), label: t('nav.courses'), testId: 'nav-courses' }] : []),
  ];
  const links = all.filter((link) => !chrome.includes(link.to));
  return (
    <PageShell
      size="lg"
      headerActions={
        signedIn && inside && links.length === 0 ? undefined : signedIn ? (
          <Group gap="xs" wrap="wrap" component="nav" aria-label={t('nav.label')}>
            {links.map((link) => (
              <Anchor key={link.to} component={NavLink} to={link.to} size="sm" data-testid={link.testId} fw={500}>
                {link.label}
              </Anchor>
            ))}
            {!inside && (
              <Button component={Link} to={paths.logoff} variant="default" size="compact-sm">
                {t('nav.signOut')}
              </Button>
            )}
          </Group>
        ) : (
          <Button component={Link} to={signInPathFor(location.pathname, location.search)} size="compact-sm" data-testid="nav-signin">
            {t('nav.signIn')}
          </Button>
        )
      }
    >
      {children}
    </PageShell>
  );
}
