import { Anchor, Button, Card, Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '../../../shared/ui/icons';
import { closeDrawer, openSupport, useShellState } from '../../../shared/ui/shell/shell-store';
import { useShellSlots } from '../../../shared/ui/shell/slots';
import { SISTER_APPS } from '../model/shell-links';

/**
 * The right-hand drawers of the default and learning layouts (000 §2.3, §2.5): the apps
 * drawer (three sister apps, with a help view) and the NPS panel, whose content is the slot
 * the assessment issue fills.
 */
export function RightDrawers() {
  const { t } = useTranslation('shell');
  const drawer = useShellState((s) => s.drawer);
  const { npsPanel: NpsPanel } = useShellSlots();

  return (
    <>
      <Drawer opened={drawer === 'apps'} onClose={closeDrawer} position="right" title={t('apps.title')} size="md">
        <Stack gap="md" data-testid="apps-drawer">
          {SISTER_APPS.map((app) => (
            <Card key={app.id} withBorder padding="md" radius="md">
              <Stack gap={4}>
                <Text fw={600}>{t(`apps.items.${app.id}.name`)}</Text>
                <Text size="sm" c="gray.7">
                  {t(`apps.items.${app.id}.description`)}
                </Text>
                <Anchor
                  href={app.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  data-testid={`app-${app.id}`}
                  data-user-event="sister_app_open"
                  data-user-event-app={app.id}
                  data-trace-category="apps-drawer"
                  data-trace-label={app.id}
                >
                  <span>{t('apps.open')}</span> <ExternalIcon size={12} />
                </Anchor>
              </Stack>
            </Card>
          ))}
          <Card withBorder padding="md" radius="md" bg="gray.0">
            <Stack gap="xs">
              <Text fw={600}>{t('apps.helpTitle')}</Text>
              <Text size="sm">{t('apps.helpText')}</Text>
              <Button
                variant="light"
                onClick={() => {
                  closeDrawer();
                  openSupport();
                }}
              >
                {t('menu.support')}
              </Button>
            </Stack>
          </Card>
        </Stack>
      </Drawer>
      <Drawer opened={drawer === 'nps'} onClose={closeDrawer} position="right" title={t('nps.title')} size="md">
        <div data-testid="nps-drawer">
          {NpsPanel ? (
            <NpsPanel onClose={closeDrawer} />
          ) : (
            <Text c="gray.7" data-testid="nps-empty">
              {t('nps.unavailable')}
            </Text>
          )}
        </div>
      </Drawer>
    </>
  );
}
