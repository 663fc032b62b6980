import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingBar } from '../chrome/LoadingBar.tsx';

/** Chrome shared by every page: the loading bar and scroll restoration. */
export function RootShell() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
