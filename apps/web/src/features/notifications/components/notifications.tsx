import { useEffect, useState } from 'react';
import { Box, Drawer, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FeedItem } from '@portal/learning/contracts/http';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthClaims } from '../../../shared/session/use-session';
import { BREAKPOINTS, useViewportWidth } from '../../../shared/ui/breakpoints';
import { asLocale } from '../../../shared/ui/shell/localized';
import { closeDrawer, onShellEvent, resetUnseen, useShellState } from '../../../shared/ui/shell/shell-store';
import { NOTIFICATIONS_KEY, recommendationsQueryOptions, setViewedRowIds } from '../api/notifications';
import { useShellSlots } from '../../../shared/ui/shell/slots';
import { useCandidates } from './use-candidates';
import { notificationCandidates, parseReadIds, readStorageKey, SIDEBAR_WIDTH_PX, sidebarItems, withRead } from '../model/notifications-model';

const readLocally = (userId: string): Set<string> => {
  try {
    return parseReadIds(globalThis.localStorage?.getItem(readStorageKey(userId)));
  } catch {
    return new Set();
  }
};

const rememberRead = (userId: string, rowId: string): void => {
  try {
    globalThis.localStorage?.setItem(readStorageKey(userId), JSON.stringify(withRead(readLocally(userId), rowId)));
  } catch {
    // storage blocked: read for this page only
  }
};

/**
 * The notifications sidebar (000 §2.10, §4.6): 450 px wide, full width on small screens.
 * Opening it refetches the recommendations, then resets the unseen count
 * (set-viewed-row-ids); clicking an item opens it, marks it read here and closes the sidebar.
 */
export function NotificationsSidebar({ knownContent, onOpen }: { knownContent: readonly FeedItem[]; onOpen?: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation('notifications');
  const locale = asLocale(i18n.language);
  const claims = useAuthClaims();
  const client = useQueryClient();
  const navigate = useNavigate();
  const width = useViewportWidth();
  const opened = useShellState((s) => s.drawer === 'notifications');
  const candidates = useCandidates(knownContent);
  const [readIds, setReadIds] = useState<Set<string>>(() => (claims ? readLocally(claims.userId) : new Set()));
  const userId = claims?.userId ?? null;
  const { notificationsExtra: NotificationsExtra } = useShellSlots();

  useEffect(() => {
    if (userId) setReadIds(readLocally(userId));
  }, [userId]);

  // the realtime stream says the recommendations changed: read them again
  useEffect(() => onShellEvent((event) => {
    if (event.type === 'recommendations') void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  }), [client]);

  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    void (async () => {
      await Promise.allSettled([client.refetchQueries({ queryKey: [...NOTIFICATIONS_KEY, 'recommendations'] }), onOpen?.()]);
      if (cancelled) return;
      resetUnseen();
      const rows = notificationCandidates(
        (client.getQueryData(recommendationsQueryOptions().queryKey) ?? []).filter((r) => r.status === 'initial').flatMap((r) => r.videosState),
        knownContent,
      ).map((c) => c.rowId);
      if (rows.length > 0) await setViewedRowIds(rows).catch(() => undefined);
    })();
    return () => {
      cancelled = true;
    };
  }, [opened, client, onOpen, knownContent]);

  const items = sidebarItems(candidates, readIds, locale);

  const open = (rowId: string, to: string) => {
    if (userId) rememberRead(userId, rowId);
    setReadIds((ids) => new Set([...ids, rowId]));
    closeDrawer();
    navigate(to);
  };

  return (
    <Drawer
      opened={opened}
      onClose={closeDrawer}
      position="right"
      size={width < BREAKPOINTS.sm ? '100%' : SIDEBAR_WIDTH_PX}
      title={t('title')}
    >
      <div data-testid="notifications-sidebar" data-count={items.length}>
        {NotificationsExtra && <NotificationsExtra onNavigate={closeDrawer} />}
        {items.length === 0 ? (
          <Text c="gray.7" data-testid="notifications-empty">
            {t('empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Box component="li" key={item.rowId}>
                <UnstyledButton
                  onClick={() => open(item.rowId, item.to)}
                  w="100%"
                  p="sm"
                  style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
                  data-testid={`notification-${item.rowId}`}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {item.thumbSrc && <Image src={item.thumbSrc} alt="" w={96} h={54} radius="sm" fit="cover" />}
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600} lineClamp={2}>
                        {item.title}
                      </Text>
                      <Text size="sm" c="gray.7" truncate="end">
                        {item.stationTitle}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </Box>
            ))}
          </Stack>
        )}
      </div>
    </Drawer>
  );
}
