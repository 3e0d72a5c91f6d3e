import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { appConfig } from '../../config/app-config';
import { resolveToggles, type Toggles } from './toggles';

/** The feature toggles for the current URL (app-config, then `toggle*` overrides). */
export const useToggles = (): Toggles => {
  const { search } = useLocation();
  const configured = appConfig().toggles;
  return useMemo(() => resolveToggles(configured, new URLSearchParams(search)), [configured, search]);
};
