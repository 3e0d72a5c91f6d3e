import { engagementRoutes } from '@portal/engagement/contracts/http';
import { callRoute } from '../../../shared/api/client';
import type { SupportMessageBody } from '../model/support-model';

/** POST /api/support/message: records SupportMessageSent (000 §4.7, §7). */
export const sendSupportMessage = (body: SupportMessageBody) => callRoute(engagementRoutes.supportMessage, { body });
