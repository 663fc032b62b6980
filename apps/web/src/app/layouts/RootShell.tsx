import { Outlet, ScrollRestoration } from 'react-router';
import { DomainHost } from '../chrome/DomainHost.tsx';
import { LoadingBar } from '../chrome/LoadingBar.tsx';
import { TagManager } from '../chrome/TagManager.tsx';

/** Chrome shared by every page: the loading bar, scroll restoration, the area's own host and the tag manager. */
export function RootShell() {
  return (
    <>
      <LoadingBar />
      <DomainHost />
      <TagManager />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
