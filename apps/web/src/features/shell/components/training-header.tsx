import { useEffect, useState, type ReactNode } from 'react';
import { Anchor, Box, Burger, Button, Drawer, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../../shared/ui/brand-logo';
import { ChevronDownIcon, ExternalIcon } from '../../../shared/ui/icons';
import { openSupport, useChromeLinks } from '../../../shared/ui/shell/shell-store';
import { pickText } from '../../../shared/ui/shell/localized';
import { buildTrainingMenus, spanishExternalLink, TRAINING_LINKS, trainingVariant } from '../model/training-menu';
import { MENU_PATHS } from '../model/side-menu';
import { UserMenu } from './user-menu';
import { useShellData } from './use-shell-data';

export const TRAINING_HOME = MENU_PATHS.training;

/**
 * The training header (000 §2.7). Brazil: a dropdown of crops, the business academy and the
 * external field-view university link. Spanish locale: Inicio, the crops, "Otras areas"
 * (crops the menu settings put in the overflow), an external link (Argentina or the other
 * countries) and "Escribenos" (support). A user dropdown with sign-out, dashboard, manager
 * and scheduling; the brand goes to /training.
 */
export function TrainingHeader({ notifications }: { notifications?: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const data = useShellData();
  const [drawer, setDrawer] = useState(false);
  const variant = trainingVariant(data.locale);
  const menus = buildTrainingMenus(data.stations);
  useChromeLinks([TRAINING_HOME]);
  useEffect(() => setDrawer(false), [pathname]);

  const external = variant === 'brazil' ? TRAINING_LINKS.fieldViewUniversity : spanishExternalLink(data.claims?.country);
  const cropLabel = (station: (typeof menus.crops)[number]['station']) => pickText(station.title, data.locale);

  const desktop =
    variant === 'brazil' ? (
      <Group gap={4} wrap="nowrap" component="nav" aria-label={t('training.navLabel')}>
        <Menu shadow="md" position="bottom-start" width={260}>
          <Menu.Target>
            <Button variant="subtle" rightSection={<ChevronDownIcon size={14} />} data-testid="training-crops">
              {t('training.crops')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={350} style={{ overflowY: 'auto' }}>
            {[...menus.crops, ...menus.overflow].map((crop) => (
              <Menu.Item key={crop.station.stationId} component={Link} to={crop.to} data-testid={`training-crop-${crop.station.stationId}`}>
                {cropLabel(crop.station)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item component={Link} to={TRAINING_LINKS.businessAcademy} data-testid="training-business-academy">
              {t('training.businessAcademy')}
            </Menu.Item>
            <Menu.Item component="a" href={external} target="_blank" rel="noopener noreferrer" rightSection={<ExternalIcon size={14} />}>
              {t('training.fieldViewUniversity')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    ) : (
      <Group gap={4} wrap="nowrap" component="nav" aria-label={t('training.navLabel')}>
        <Button component={Link} to={TRAINING_HOME} variant="subtle" data-testid="training-home">
          {t('training.home')}
        </Button>
        {menus.crops.map((crop) => (
          <Button key={crop.station.stationId} component={Link} to={crop.to} variant="subtle" data-testid={`training-crop-${crop.station.stationId}`}>
            {cropLabel(crop.station)}
          </Button>
        ))}
        {menus.overflow.length > 0 && (
          <Menu shadow="md" position="bottom-start" width={240}>
            <Menu.Target>
              <Button variant="subtle" rightSection={<ChevronDownIcon size={14} />} data-testid="training-overflow">
                {t('training.otherAreas')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={350} style={{ overflowY: 'auto' }}>
              {menus.overflow.map((crop) => (
                <Menu.Item key={crop.station.stationId} component={Link} to={crop.to}>
                  {cropLabel(crop.station)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        <Button component="a" href={external} target="_blank" rel="noopener noreferrer" variant="subtle" rightSection={<ExternalIcon size={14} />}>
          {t('training.externalLatam')}
        </Button>
        <Button variant="subtle" onClick={() => openSupport()} data-testid="training-write-us">
          {t('training.writeUs')}
        </Button>
      </Group>
    );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-testid="training-header" data-variant={variant}>
      <Group gap="md" wrap="nowrap">
        <Burger opened={drawer} onClick={() => setDrawer((o) => !o)} size="sm" aria-label={t('header.openMenu')} hiddenFrom="md" data-testid="training-menu-toggle" />
        <Anchor component={Link} to={TRAINING_HOME} underline="never" aria-label={t('training.brand')} data-testid="training-brand">
          <Group gap="xs" wrap="nowrap">
            <BrandLogo size={30} />
            <Text fw={700} c="brand" visibleFrom="sm">
              {t('training.title')}
            </Text>
          </Group>
        </Anchor>
        <Box visibleFrom="md">{desktop}</Box>
      </Group>
      <Group gap={4} wrap="nowrap">
        {notifications}
        {data.signedIn && <UserMenu initials={data.user?.initials ?? ''} user={data.claims} withManagement withProfile={false} />}
      </Group>
      <Drawer opened={drawer && !data.large} onClose={() => setDrawer(false)} title={t('training.title')} size="100%">
        <Stack gap={2} component="nav" aria-label={t('training.navLabel')}>
          <NavLink component={Link} to={TRAINING_HOME} label={t('training.home')} />
          {[...menus.crops, ...menus.overflow].map((crop) => (
            <NavLink key={crop.station.stationId} component={Link} to={crop.to} label={cropLabel(crop.station)} />
          ))}
          {variant === 'brazil' && <NavLink component={Link} to={TRAINING_LINKS.businessAcademy} label={t('training.businessAcademy')} />}
          <NavLink component="a" href={external} target="_blank" rel="noopener noreferrer" label={variant === 'brazil' ? t('training.fieldViewUniversity') : t('training.externalLatam')} />
          {variant === 'spanish' && <NavLink component="button" onClick={() => openSupport()} label={t('training.writeUs')} />}
        </Stack>
      </Drawer>
    </Group>
  );
}
