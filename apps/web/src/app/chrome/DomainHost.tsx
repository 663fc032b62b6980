import { hostForPath } from '@dealflow/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePlatformSettings } from '../../features/platform/api/platformApi.ts';

const leaveFor = (url: string) => window.location.replace(url);

/**
 * With the automatic domain redirect on (SPEC section 2), each area lives on its own host. The
 * server moves full page loads there; this does the same for navigation inside the app, which
 * never reaches the server: a dashboard page reached on the investor host (or the reverse) is
 * loaded from its own host, keeping path, query and fragment.
 */
export function DomainHost({ go = leaveFor }: { go?: (url: string) => void }) {
  const location = useLocation();
  const settings = usePlatformSettings().data?.domain_redirect;
  useEffect(() => {
    if (!settings?.enabled || !settings.dashboard_host || !settings.investor_host) return;
    const target = hostForPath(location.pathname, {
      dashboardHost: settings.dashboard_host,
      investorHost: settings.investor_host,
    });
    if (target && target !== window.location.hostname) {
      go(`${window.location.protocol}//${target}${location.pathname}${location.search}${location.hash}`);
    }
  }, [settings, location, go]);
  return null;
}
