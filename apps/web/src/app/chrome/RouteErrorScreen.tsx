import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullPageSpin } from '../../shared/components/FullPageSpin.tsx';
import { AppErrorScreen } from '../guards/AppErrorScreen.tsx';
import { isChunkLoadError, reloadForChunkError } from './chunkReload.ts';
import type { ErrorStatus } from '../../shared/components/ErrorScreen.tsx';

function statusOf(error: unknown): ErrorStatus {
  const status = isRouteErrorResponse(error)
    ? error.status
    : typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 500;
  return status === 403 || status === 404 ? status : 500;
}

/**
 * errorElement of the routes: a failed lazy chunk reloads the page (once a minute at most),
 * a 403/404 shows its screen, anything else is the 500 screen (SPEC section 8).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunkError()) return <FullPageSpin />;
  if (import.meta.env.DEV) console.error(error);
  return <AppErrorScreen status={statusOf(error)} />;
}
