import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { createLoadingBar, type LoadingBarController, type LoadingBarView } from './loadingBarController.ts';

/** Top progress bar driven by router navigations and in-flight queries and mutations. */
export function LoadingBar() {
  const [view, setView] = useState<LoadingBarView>({ visible: false, percent: 0, failed: false });
  const bar = useRef<LoadingBarController | null>(null);
  bar.current ??= createLoadingBar(setView);
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const queryClient = useQueryClient();
  const busy = navigation.state !== 'idle' || fetching > 0 || mutating > 0;

  useEffect(() => {
    if (busy) bar.current?.start();
    else bar.current?.finish();
  }, [busy]);

  useEffect(() => {
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') bar.current?.fail();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') bar.current?.fail();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  useEffect(() => () => bar.current?.dispose(), []);

  return (
    <div
      className={`loading-bar${view.visible ? ' is-visible' : ''}${view.failed ? ' is-failed' : ''}`}
      style={{ width: `${view.percent}%` }}
      aria-hidden="true"
    />
  );
}
