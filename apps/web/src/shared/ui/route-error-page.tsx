import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError, reloadAfterChunkError } from '../routing/chunk-reload';
import { ErrorPage } from './error-page';
import { statusOfError } from './error-page-model';
import { FullPageLoader } from './full-page-loader';

/** errorElement of the route tree: a failed lazy chunk reloads (at most once a minute), else the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunkError);

  useEffect(() => {
    if (!chunkError) return;
    if (!reloadAfterChunkError()) setReloading(false);
  }, [chunkError]);

  useEffect(() => {
    if (!chunkError && statusOfError(error) >= 500) console.error(error);
  }, [error, chunkError]);

  if (reloading) return <FullPageLoader />;
  return <ErrorPage status={statusOfError(error)} />;
}

/** The catch-all route: an unknown page. */
export function NotFoundPage() {
  return <ErrorPage notFound />;
}
