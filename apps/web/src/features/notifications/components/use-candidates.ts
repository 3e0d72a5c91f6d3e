import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FeedItem } from '@portal/learning/contracts/http';
import { useAccountReady } from '../../../shared/session/use-session';
import { recommendationsQueryOptions } from '../api/notifications';
import { notificationCandidates, type NotificationSource } from '../model/notifications-model';

/** The notifiable rows: media recommendations (when the endpoint exists) and known content. */
export const useCandidates = (knownContent: readonly FeedItem[]): NotificationSource[] => {
  const ready = useAccountReady();
  const recommendations = useQuery({ ...recommendationsQueryOptions(), enabled: ready });
  return useMemo(
    () => notificationCandidates((recommendations.data ?? []).filter((r) => r.status === 'initial').flatMap((r) => r.videosState), knownContent),
    [recommendations.data, knownContent],
  );
};

