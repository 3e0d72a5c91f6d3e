import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Burger, Button, Drawer, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../../shared/ui/brand-logo';
import { ChevronDownIcon, HelpIcon, LogoutIcon, SearchIcon } from '../../../shared/ui/icons';
import { openSearch, openSupport, useChromeLinks } from '../../../shared/ui/shell/shell-store';
import { pickText } from '../../../shared/ui/shell/localized';
import { buildJourneyMenus, COMMERCIAL_CONDITIONS, SCHEDULED_EVENTS_PATH, showCommercialConditions, showScheduledEvents } from '../model/journey-menu';
import { showHeaderSearch } from '../model/main-header';
import { MENU_PATHS } from '../model/side-menu';
import { useShellData } from './use-shell-data';

export const JOURNEY_HOME = '/journey';

/**
 * The journey header (000 §2.6): brand link and journey home, the trails, competence and
 * library menus (stations of route area journey by display category; listing order; inactive
 * items disabled; empty groups hidden), "Condiciones comerciales" for Argentina, Eventos for
 * Brazilian tc_admins with scheduledEvents, and the search, notifications, support and
 * sign-out icons. Below 992 px the entries move to a drawer.
 */
export function JourneyHeader({ notifications }: { notifications?: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const data = useShellData();
  const [drawer, setDrawer] = useState(false);
  const groups = buildJourneyMenus(data.stations);
  useChromeLinks([JOURNEY_HOME]);
  const commercial = showCommercialConditions(data.claims?.country, data.stations);
  const events = showScheduledEvents(data.claims, data.toggles.scheduledEvents);
  const search = data.signedIn && showHeaderSearch(data.claims?.country, data.toggles.enableSearch);

  useEffect(() => setDrawer(false), [pathname]);

  const icons = (
    <Group gap={4} wrap="nowrap">
      {search && (
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={openSearch} aria-label={t('header.search')} aria-keyshortcuts="/" data-testid="header-search-icon">
          <SearchIcon />
        </ActionIcon>
      )}
      {notifications}
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => openSupport()} aria-label={t('menu.support')} data-testid="header-support">
        <HelpIcon />
      </ActionIcon>
      {data.signedIn && (
        <ActionIcon component={Link} to={MENU_PATHS.signOut} variant="subtle" color="gray" size="lg" aria-label={t('menu.signOut')} data-testid="header-signout">
          <LogoutIcon />
        </ActionIcon>
      )}
    </Group>
  );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-testid="journey-header">
      <Group gap="md" wrap="nowrap">
        <Burger opened={drawer} onClick={() => setDrawer((o) => !o)} size="sm" aria-label={t('header.openMenu')} hiddenFrom="md" data-testid="journey-menu-toggle" />
        <Anchor component={Link} to={JOURNEY_HOME} underline="never" aria-label={t('journey.brand')} data-testid="journey-brand">
          <Group gap="xs" wrap="nowrap">
            <BrandLogo size={30} />
            <Text fw={700} c="brand" visibleFrom="sm">
              {t('journey.title')}
            </Text>
          </Group>
        </Anchor>
        <Group gap={4} wrap="nowrap" component="nav" aria-label={t('journey.navLabel')} visibleFrom="md">
          <Button component={Link} to={JOURNEY_HOME} variant="subtle" data-testid="journey-home">
            {t('journey.home')}
          </Button>
          {groups.map((group) => (
            <Menu key={group.id} shadow="md" position="bottom-start" width={260}>
              <Menu.Target>
                <Button variant="subtle" rightSection={<ChevronDownIcon size={14} />} data-testid={`journey-menu-${group.id}`}>
                  {t(`journey.groups.${group.id}`)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown mah={350} style={{ overflowY: 'auto' }}>
                {group.items.map((item) => (
                  <Menu.Item key={item.station.stationId} component={Link} to={item.to} disabled={item.disabled} data-testid={`journey-item-${item.station.stationId}`}>
                    {pickText(item.station.title, data.locale)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ))}
          {commercial && (
            <Button component={Link} to={COMMERCIAL_CONDITIONS.to} variant="subtle" data-testid="journey-commercial">
              {t('journey.commercialConditions')}
            </Button>
          )}
          {events && (
            <Button component={Link} to={SCHEDULED_EVENTS_PATH} variant="subtle" data-testid="journey-events">
              {t('journey.events')}
            </Button>
          )}
        </Group>
      </Group>
      {icons}
      <Drawer opened={drawer && !data.large} onClose={() => setDrawer(false)} title={t('journey.title')} size="100%">
        <Stack gap={2} component="nav" aria-label={t('journey.navLabel')}>
          <NavLink component={Link} to={JOURNEY_HOME} label={t('journey.home')} />
          {groups.map((group) => (
            <NavLink key={group.id} label={t(`journey.groups.${group.id}`)} defaultOpened childrenOffset="md">
              {group.items.map((item) => (
                <NavLink key={item.station.stationId} component={Link} to={item.to} disabled={item.disabled} label={pickText(item.station.title, data.locale)} />
              ))}
            </NavLink>
          ))}
          {commercial && <NavLink component={Link} to={COMMERCIAL_CONDITIONS.to} label={t('journey.commercialConditions')} />}
          {events && <NavLink component={Link} to={SCHEDULED_EVENTS_PATH} label={t('journey.events')} />}
        </Stack>
      </Drawer>
    </Group>
  );
}
