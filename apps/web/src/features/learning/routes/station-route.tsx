import { data, redirect, replace, useLocation, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { queryClient } from '../../../shared/api/query-client';
import { loadAppConfig } from '../../../shared/config/app-config';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { signInPathFor } from '../../../shared/routing/paths';
import { decideProtectedRoute } from '../../../shared/session/guard-rules';
import { loadSignedInUser } from '../../../shared/session/guards';
import { routeResolutionQueryOptions, useRouteResolution } from '../api/catalogue';
import { LearningShell } from '../components/learning-shell';
import { StationPage } from '../components/station-page';
import { canonicalRedirect, resolvablePath } from '../model/learning-paths';
import { useScormTest } from './route-helpers';

/**
 * /station/:stationId/:detailId?, /training/:crop/:detail?, /journey/:training/:detail? and
 * /journey/ctb_cast: the catalogue resolves the path (GET /catalogue/route) and the URL is
 * replaced by the canonical one when the route area puts the station elsewhere (query kept).
 * Signed-in users pass the usual guards; a visitor without a session opens stations with
 * guest access (x-guest-id) and goes to sign-in for the others.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = resolvablePath(url.pathname);
  if (!path) throw data(null, { status: 404 });
  const [user] = await Promise.all([loadSignedInUser(), loadNamespaces('learning'), loadAppConfig()]);
  if (user) {
    const decision = decideProtectedRoute('complete', user, url);
    if (decision.kind === 'redirect') throw redirect(decision.to);
  }
  let resolution;
  try {
    resolution = await queryClient.ensureQueryData(routeResolutionQueryOptions(path));
  } catch (error) {
    if (!user && isApiError(error) && (error.statusCode === 401 || error.statusCode === 403)) throw redirect(signInPathFor(url.pathname, url.search, url.hash));
    throw error;
  }
  const target = canonicalRedirect(url, resolution.canonicalPath);
  if (target) throw replace(target);
  return null;
}

export function Component() {
  const { pathname } = useLocation();
  const path = resolvablePath(pathname) ?? pathname;
  const { data: resolution } = useRouteResolution(path);
  const courses = useScormTest();
  return (
    <LearningShell courses={courses}>
      <StationPage key={path} resolution={resolution} />
    </LearningShell>
  );
}
