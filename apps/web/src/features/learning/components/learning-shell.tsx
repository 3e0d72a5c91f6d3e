import type { ReactNode } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths, signInPathFor } from '../../../shared/routing/paths';
import { useSignedIn } from '../../../shared/session/use-session';
import { PageShell } from '../../../shared/ui/page-shell';
import { learningPaths } from '../model/learning-paths';

/**
 * A simple layout for the learning screens until the app shell (side menu, headers) lands:
 * the compact page shell with links to the learner's areas, reachable by keyboard.
 */
export function LearningShell({ children, courses = false }: { children: ReactNode; courses?: boolean }) {
  const { t } = useTranslation('learning');
  const signedIn = useSignedIn();
  const location = useLocation();
  const links = [
    { to: paths.home, label: t('nav.myContent'), testId: 'nav-home' },
    { to: learningPaths.training, label: t('nav.training'), testId: 'nav-training' },
    { to: learningPaths.journey, label: t('nav.journey'), testId: 'nav-journey' },
    { to: learningPaths.feed(), label: t('nav.feed'), testId: 'nav-feed' },
    ...(courses ? [{ to: learningPaths.courses(), label: t('nav.courses'), testId: 'nav-courses' }] : []),
  ];
  return (
    <PageShell
      size="lg"
      headerActions={
        signedIn ? (
          <Group gap="xs" wrap="wrap" component="nav" aria-label={t('nav.label')}>
            {links.map((link) => (
              <Anchor key={link.to} component={NavLink} to={link.to} size="sm" data-testid={link.testId} fw={500}>
                {link.label}
              </Anchor>
            ))}
            <Button component={Link} to={paths.logoff} variant="default" size="compact-sm">
              {t('nav.signOut')}
            </Button>
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
