import { useLocation } from 'react-router';
import type { UserData } from '@portal/identity/contracts/http';
import { appConfig, loadAppConfig } from '../../../shared/config/app-config';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { requireSession } from '../../../shared/session/guards';
import { resolveToggle } from '../model/toggles';

/** Loader start of a signed-in learning screen (000 §2.2 guards), with its strings and the toggles. */
export const requireLearner = async (url: URL): Promise<UserData> => {
  const [user] = await Promise.all([requireSession(url), loadNamespaces('learning'), loadAppConfig()]);
  return user;
};

/** The scormTest toggle (app-config, overridable by ?toggleScormTest=true) for the current URL. */
export const scormTestEnabled = (search: string): boolean => resolveToggle('scormTest', appConfig().toggles.scormTest, new URLSearchParams(search));

export const useScormTest = (): boolean => scormTestEnabled(useLocation().search);
