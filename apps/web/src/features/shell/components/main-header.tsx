import type { ReactNode } from 'react';
import { ActionIcon, Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon, HomeIcon, SearchIcon } from '../../../shared/ui/icons';
import { openSearch, setNavbarOpen, useShellState } from '../../../shared/ui/shell/shell-store';
import { pickText } from '../../../shared/ui/shell/localized';
import { useShellSlots } from '../../../shared/ui/shell/slots';
import { backModeFor, previousRoute, shortTitle, showHeaderSearch, stationForPath } from '../model/main-header';
import { MENU_PATHS } from '../model/side-menu';
import { UserMenu } from './user-menu';
import { useShellData } from './use-shell-data';

interface MainHeaderProps {
  /** the notifications button (the notifications feature, composed by the app) */
  notifications?: ReactNode;
  /** home-dark layout */
  dark?: boolean;
}

/**
 * Main header of learning and station pages (000 §2.8): back arrow (a home icon when the
 * previous route was /, /home or an auth route), the station title shortened after its last
 * dash, the search box (Brazil users with enableSearch), the active content's score (a slot
 * the assessment issue fills), the user menu and the menu toggle.
 */
export function MainHeader({ notifications, dark = false }: MainHeaderProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const data = useShellData();
  const history = useShellState((s) => s.routeHistory);
  const navbarOpen = useShellState((s) => s.navbarOpen);
  const named = useShellState((s) => s.headerTitle);
  const { headerScore: Score } = useShellSlots();
  const station = stationForPath(data.stations, pathname);
  const title = shortTitle(named ?? (station ? pickText(station.title, data.locale) : ''));
  const back = backModeFor(previousRoute(history));
  const search = data.signedIn && showHeaderSearch(data.claims?.country, data.toggles.enableSearch);
  const color = dark ? 'white' : undefined;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm" data-testid="main-header">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navbarOpen}
          onClick={() => setNavbarOpen(!navbarOpen)}
          size="sm"
          color={color}
          aria-label={navbarOpen ? t('header.closeMenu') : t('header.openMenu')}
          aria-expanded={navbarOpen}
          aria-controls="side-menu"
          hiddenFrom="md"
          data-testid="menu-toggle"
        />
        {back === 'back' ? (
          <ActionIcon variant="subtle" color={dark ? 'gray.0' : 'gray'} size="lg" onClick={() => navigate(-1)} aria-label={t('header.back')} data-testid="header-back">
            <ArrowLeftIcon />
          </ActionIcon>
        ) : (
          <ActionIcon component={Link} to={MENU_PATHS.home} variant="subtle" color={dark ? 'gray.0' : 'gray'} size="lg" aria-label={t('header.home')} data-testid="header-home">
            <HomeIcon />
          </ActionIcon>
        )}
        {title && (
          <Text fw={600} size="lg" truncate="end" c={color} data-testid="header-title">
            {title}
          </Text>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {search && (
          <UnstyledButton
            onClick={openSearch}
            aria-keyshortcuts="/"
            data-testid="header-search"
            data-trace-category="header"
            data-trace-label="search"
            visibleFrom="sm"
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)', background: 'white' }}
            px="sm"
            py={6}
            w={220}
          >
            <Group gap="xs" wrap="nowrap">
              <SearchIcon size={16} />
              <Text size="sm" c="gray.7">
                {t('header.searchPlaceholder')}
              </Text>
            </Group>
          </UnstyledButton>
        )}
        {search && (
          <ActionIcon variant="subtle" color={dark ? 'gray.0' : 'gray'} size="lg" onClick={openSearch} aria-label={t('header.search')} hiddenFrom="sm" data-testid="header-search-icon">
            <SearchIcon />
          </ActionIcon>
        )}
        {Score && (
          <Box data-testid="header-score">
            <Score />
          </Box>
        )}
        {notifications}
        {data.signedIn && <UserMenu initials={data.user?.initials ?? ''} user={data.claims} withHistory />}
      </Group>
    </Group>
  );
}
