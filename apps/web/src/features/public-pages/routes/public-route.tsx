import { data, useLocation, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { currentLocale, loadNamespaces } from '../../../shared/i18n/i18n';
import { pageQueryOptions, pagesQueryOptions } from '../api/pages';
import { PublicPageView } from '../components/public-page-view';
import { pageRequestFor } from '../model/public-pages';

/**
 * /br, /br/articles, /br/articles/:slug, /br/content/i2x, /br/content/i2x/:slug, /br/:slug,
 * /tour/ctb_2021, /tour/mx_ctb_360 and /ar/content/ambiente-y-densidad: public, for guests and
 * users alike; the content is prefetched with the screen's code.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const page = pageRequestFor(url.pathname);
  if (!page) throw data(null, { status: 404 });
  await loadNamespaces('public-pages');
  const lang = currentLocale();
  if (page.kind === 'list') await queryClient.ensureQueryData(pagesQueryOptions(page.section, lang));
  else await queryClient.ensureQueryData(pageQueryOptions(page.section, page.slug, lang));
  return null;
}

export function Component() {
  const { pathname } = useLocation();
  const page = pageRequestFor(pathname);
  if (!page) return null;
  return <PublicPageView key={pathname} request={page} />;
}
