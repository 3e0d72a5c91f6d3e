import { engagementRoutes } from '@portal/engagement/contracts/http';
import { callRoute } from '../../../shared/api/client';
import type { InteractionTrace, UserEvent } from '../model/tracing';

/** POST /api/interactions/trace (guest or user); a failure is ignored (000 §8 silent). */
export const sendTrace = (trace: InteractionTrace): Promise<void> =>
  callRoute(engagementRoutes.interactionTrace, { body: trace }).then(
    () => undefined,
    () => undefined,
  );

/** POST /api/user-events/set (guest or user); a failure is ignored. */
export const sendUserEvent = (event: UserEvent): Promise<void> =>
  callRoute(engagementRoutes.userEvents, { body: event }).then(
    () => undefined,
    () => undefined,
  );
