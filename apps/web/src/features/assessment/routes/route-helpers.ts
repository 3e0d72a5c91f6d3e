import type { UserData } from '@portal/identity/contracts/http';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { requireSession } from '../../../shared/session/guards';

/** Loader start of a signed-in assessment screen (000 §2.2 guards) with its strings. */
export const requireAssessmentLearner = async (url: URL): Promise<UserData> => {
  const [user] = await Promise.all([requireSession(url), loadNamespaces('assessment')]);
  return user;
};

/** Public screens (surveys, certificate check): only the strings. */
export const loadAssessmentStrings = (): Promise<void> => loadNamespaces('assessment');
