import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listOffline, storageEstimate, supportsOffline } from './save-offline';

/** What this learner saved for offline on this browser, and the storage it takes (issue 30). */
export const OFFLINE_KEY = ['field-mode', 'saved'] as const;

export const savedOfflineQueryOptions = () =>
  queryOptions({
    queryKey: OFFLINE_KEY,
    queryFn: async () => ({ saved: await listOffline(), storage: await storageEstimate(), supported: supportsOffline() }),
    staleTime: 0,
    // kept in the browser, not on the server: nothing to refetch on focus or reconnect
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    networkMode: 'always',
  });

export const useSavedOffline = () => useQuery(savedOfflineQueryOptions());

export const refreshSavedOffline = (client: QueryClient) => client.invalidateQueries({ queryKey: OFFLINE_KEY });
