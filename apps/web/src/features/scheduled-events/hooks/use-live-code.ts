import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ScanActionName } from '@portal/events/contracts/http';
import { onShellEvent } from '../../../shared/ui/shell/shell-store';
import { rotatingCodeQueryOptions } from '../api/attendance';
import { refreshDelay } from '../model/scan-codes';

export interface LiveCounts {
  checkedIn: number;
  checkedOut: number;
}

/**
 * The staff screen's rotating code, fetched again at each answer's `refreshAt` (every 30 s), and
 * the live counts: every code answer carries them, and between two fetches the realtime stream
 * pushes each change (`events.presence`, ADR 0060), so the count moves without a reload.
 */
export function useLiveCode(eventId: string, action: ScanActionName) {
  const code = useQuery({
    ...rotatingCodeQueryOptions(eventId, action),
    refetchInterval: (query) => (query.state.data ? refreshDelay(query.state.data.refreshAt, new Date()) : 30_000),
    refetchIntervalInBackground: true,
  });
  const [pushed, setPushed] = useState<(LiveCounts & { at: number }) | null>(null);

  useEffect(
    () =>
      onShellEvent((e) => {
        if (e.type === 'events.presence' && e.eventId === eventId) setPushed({ checkedIn: e.checkedIn, checkedOut: e.checkedOut, at: Date.now() });
      }),
    [eventId],
  );

  // the newer of the two: a push after the last fetch, else the fetch
  const fetchedAt = code.dataUpdatedAt;
  const counts: LiveCounts | null = pushed && pushed.at >= fetchedAt ? pushed : code.data ? { checkedIn: code.data.checkedIn, checkedOut: code.data.checkedOut } : null;
  return { code, counts };
}
