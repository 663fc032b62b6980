import { Outlet, ScrollRestoration } from 'react-router';
import { DomainHost } from '../chrome/DomainHost.tsx';
import { LoadingBar } from '../chrome/LoadingBar.tsx';

/** Chrome shared by every page: the loading bar, scroll restoration and the area's own host. */
export function RootShell() {
  return (
    <>
      <LoadingBar />
      <DomainHost />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
