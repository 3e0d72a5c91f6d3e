import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userDataQueryOptions } from '../../../shared/api/user-data';
import { appConfig } from '../../../shared/config/app-config';
import { useAccountReady, useAuthClaims, useSignedIn } from '../../../shared/session/use-session';
import { isLargeWidth, useViewportWidth } from '../../../shared/ui/breakpoints';
import { asLocale } from '../../../shared/ui/shell/localized';
import { useToggles } from '../../../shared/ui/shell/use-toggles';
import { useStations } from '../api/stations';

/** What the menus and headers decide with: locale, user, stations, toggles, settings, width. */
export const useShellData = () => {
  const { i18n } = useTranslation('shell');
  const locale = asLocale(i18n.language);
  const signedIn = useSignedIn();
  const claims = useAuthClaims();
  const stations = useStations(useAccountReady());
  const user = useQuery({ ...userDataQueryOptions(), enabled: signedIn });
  const toggles = useToggles();
  const width = useViewportWidth();
  const config = appConfig();
  return {
    locale,
    signedIn,
    claims,
    user: signedIn ? (user.data ?? null) : null,
    stations: stations.data ?? [],
    stationsLoading: stations.isLoading,
    toggles,
    config,
    width,
    large: isLargeWidth(width),
  };
};
