import type { QueryClient } from '@tanstack/react-query';
import { identityRoutes } from '@portal/identity/contracts/http';
import { callRoute } from './client';
import { reloadUserData } from './user-data';

type FlagValue = string | number | boolean | null;
type InteractionName = 'advertenceAlertConfirmed' | 'firstVideoContentViewed';

/** POST /api/user-store/flag {key, value}: a free user flag (000 §3), e.g. journeyWelcome. */
export const setUserFlag = async (client: QueryClient, key: string, value: FlagValue): Promise<void> => {
  await callRoute(identityRoutes.setFlag, { body: { key, value } });
  await reloadUserData(client);
};

/** POST /api/user-store/interactions {name}: the home alert confirmed, the first video viewed (000 §4.5). */
export const recordInteraction = async (client: QueryClient, name: InteractionName): Promise<void> => {
  await callRoute(identityRoutes.interaction, { body: { name } });
  await reloadUserData(client);
};
