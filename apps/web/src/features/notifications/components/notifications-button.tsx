import { useEffect } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import type { FeedItem } from '@portal/learning/contracts/http';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../shared/ui/icons';
import { badgeLabel } from '../../../shared/ui/shell/badge';
import { openDrawer, setInitialUnseen, useShellState } from '../../../shared/ui/shell/shell-store';
import { notViewedRowIds } from '../api/notifications';
import { useCandidates } from './use-candidates';

/**
 * The bell with the unseen count (000 §2.6: "99+" above 99). The count comes from the realtime
 * stream; until it speaks, from the rows the server says were not viewed.
 */
export function NotificationsButton({ knownContent }: { knownContent: readonly FeedItem[] }) {
  const { t } = useTranslation('notifications');
  const count = useShellState((s) => s.unseenCount);
  const candidates = useCandidates(knownContent);
  const label = badgeLabel(count);
  const ids = candidates.map((c) => c.rowId).join(',');

  useEffect(() => {
    if (!ids) return;
    let cancelled = false;
    notViewedRowIds(ids.split(',')).then(
      (rows) => {
        if (!cancelled) setInitialUnseen(rows.length);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [ids]);

  return (
    <Indicator label={label} disabled={label === null} size={18} color="red" offset={6} inline data-testid="notifications-badge" data-count={label ?? '0'}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => openDrawer('notifications')}
        aria-label={label ? t('buttonWithCount', { count, shown: label }) : t('button')}
        data-testid="notifications-button"
        data-trace-category="header"
        data-trace-label="notifications"
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}

