import { useState, type ReactNode } from 'react';
import { pageHost } from '../../../shared/ssr/scope';
import { Box, Button, Divider, Modal, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AppsIcon, BookIcon, CalendarIcon, ChartIcon, ChatIcon, CoursesIcon, HelpIcon, HomeIcon, LogoutIcon, PhoneIcon, ShieldIcon, StarIcon, UserIcon, UsersIcon } from '../../../shared/ui/icons';
import { openDrawer, openSupport, setNavbarOpen, useChromeLinks } from '../../../shared/ui/shell/shell-store';
import { pickText } from '../../../shared/ui/shell/localized';
import { buildMenuFooter, buildSideMenu, type MenuStation, type SideMenuItem } from '../model/side-menu';
import { shellSettings } from '../model/shell-links';
import { useShellSlots } from '../../../shared/ui/shell/slots';
import { useShellData } from './use-shell-data';

const ICONS: Record<Exclude<SideMenuItem['id'], 'station'>, ReactNode> = {
  home: <HomeIcon />,
  start: <HomeIcon />,
  university: <CoursesIcon />,
  scorm: <BookIcon />,
  questions: <HelpIcon />,
  dashboard: <ChartIcon />,
  manager: <UsersIcon />,
  scheduling: <CalendarIcon />,
  audit: <ShieldIcon />,
  events: <CalendarIcon />,
  myEvents: <CalendarIcon />,
  profile: <UserIcon />,
  signOut: <LogoutIcon />,
};

const isCurrent = (pathname: string, to: string): boolean => {
  const path = to.split('?')[0] ?? to;
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
};

/**
 * The vertical side menu of the default layout (000 §2.5): the items of buildSideMenu in
 * order, then the footer (apps drawer, NPS panel, support, WhatsApp). Every item closes the
 * menu on small screens; an unavailable station shows its availability message in a dialog.
 * The markup is the same on every width (the server cannot know it, ADR 0090): the items meant
 * for small screens only are hidden from 992 px by CSS (`hiddenFrom="md"`).
 */
export function SideMenu() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const data = useShellData();
  const [unavailable, setUnavailable] = useState<MenuStation | null>(null);
  const { sideMenuExtra: SideMenuExtra } = useShellSlots();
  const items = buildSideMenu({
    locale: data.locale,
    stations: data.stations,
    user: data.claims,
    scormTest: data.toggles.scormTest,
    production: data.config.production,
    host: pageHost(),
    brazilUniversityDomain: data.config.domains.brazilUniversity,
    scheduledEvents: data.toggles.scheduledEvents,
  });
  useChromeLinks(items.flatMap((item) => ('to' in item ? [item.to] : [])));
  const footer = buildMenuFooter({ locale: data.locale, country: data.claims?.country ?? null, signedIn: data.signedIn, whatsappUrl: shellSettings().whatsappUrl });
  const close = () => setNavbarOpen(false);

  const render = (item: SideMenuItem): ReactNode => {
    const trace = { 'data-trace-category': 'side-menu', 'data-trace-action': 'click', 'data-trace-label': item.id === 'station' ? item.station.stationId : item.id };
    switch (item.id) {
      case 'station': {
        const title = pickText(item.station.title, data.locale);
        const label = item.star ? t('menu.defaultStation', { title }) : title;
        if (item.unavailable) {
          return (
            <NavLink
              key={`station-${item.station.stationId}`}
              component="button"
              label={label}
              leftSection={item.star ? <StarIcon /> : <BookIcon />}
              onClick={() => setUnavailable(item.station)}
              data-testid={`menu-station-${item.station.stationId}`}
              data-unavailable="true"
              {...trace}
            />
          );
        }
        return (
          <NavLink
            key={`station-${item.station.stationId}`}
            component={Link}
            to={item.to}
            label={title}
            aria-label={label}
            active={isCurrent(pathname, item.to)}
            leftSection={item.star ? <StarIcon /> : <BookIcon />}
            onClick={close}
            data-testid={`menu-station-${item.station.stationId}`}
            data-star={item.star ? 'true' : undefined}
            {...trace}
          />
        );
      }
      case 'questions':
        return (
          <NavLink
            key="questions"
            component="button"
            label={t('menu.questions')}
            leftSection={ICONS.questions}
            onClick={() => openSupport()}
            data-testid="menu-questions"
            {...trace}
          />
        );
      default:
        return (
          <NavLink
            key={item.id}
            component={Link}
            to={item.to}
            label={t(`menu.${item.id}`)}
            active={isCurrent(pathname, item.to)}
            leftSection={ICONS[item.id]}
            onClick={close}
            hiddenFrom={'smallScreenOnly' in item ? 'md' : undefined}
            data-testid={`menu-${item.id}`}
            {...trace}
          />
        );
    }
  };

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Stack gap={2} p="xs" data-testid="side-menu-items">
          {items.map(render)}
          {SideMenuExtra && data.signedIn && <SideMenuExtra onNavigate={close} />}
        </Stack>
      </ScrollArea>
      <Divider />
      <Stack gap={4} p="xs" data-testid="side-menu-footer">
        {footer.apps && (
          <NavLink component="button" label={t('menu.apps')} leftSection={<AppsIcon />} onClick={() => openDrawer('apps')} data-testid="menu-apps" data-trace-category="side-menu" data-trace-label="apps" />
        )}
        {footer.nps && (
          <NavLink component="button" label={t('menu.nps')} leftSection={<ChatIcon />} onClick={() => openDrawer('nps')} data-testid="menu-nps" data-trace-category="side-menu" data-trace-label="nps" />
        )}
        {footer.support && (
          <NavLink component="button" label={t('menu.support')} leftSection={<HelpIcon />} onClick={() => openSupport()} data-testid="menu-support" data-trace-category="side-menu" data-trace-label="support" />
        )}
        {footer.whatsapp && (
          <NavLink component="a" href={footer.whatsapp} target="_blank" rel="noopener noreferrer" label={t('menu.whatsapp')} leftSection={<PhoneIcon />} data-testid="menu-whatsapp" data-user-event="whatsapp_open" data-trace-category="side-menu" data-trace-label="whatsapp" />
        )}
      </Stack>
      <Modal opened={unavailable !== null} onClose={() => setUnavailable(null)} title={unavailable ? pickText(unavailable.title, data.locale) : ''} centered>
        <Stack gap="md" data-testid="station-unavailable">
          <Text>{unavailable ? pickText(unavailable.availabilityMessage, data.locale) || t('menu.unavailableFallback') : ''}</Text>
          <Button onClick={() => setUnavailable(null)} style={{ alignSelf: 'flex-end' }}>
            {t('actions.close')}
          </Button>
        </Stack>
      </Modal>
    </Box>
  );
}
