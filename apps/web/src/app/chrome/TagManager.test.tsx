import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { platformKeys } from '../../features/platform/api/platformApi.ts';
import { TagManager } from './TagManager.tsx';

const gtmScripts = () => document.head.querySelectorAll('script[src*="googletagmanager.com/gtm.js"]');

function renderWith(tagManagerId: string | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(platformKeys.settings, {
    domain_redirect: { enabled: false, dashboard_host: null, investor_host: null },
    tag_manager_id: tagManagerId,
    report_time_zone: 'Asia/Taipei',
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <TagManager />
    </QueryClientProvider>,
  );
}

function setSignal(name: 'doNotTrack' | 'globalPrivacyControl', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

afterEach(() => {
  for (const script of gtmScripts()) script.remove();
  setSignal('doNotTrack', null);
  setSignal('globalPrivacyControl', undefined);
});

describe('TagManager', () => {
  it('loads the container named by the server, once, as an external script', () => {
    const { rerender } = renderWith('GTM-TEST123');
    rerender(<QueryClientProvider client={new QueryClient()}>{null}</QueryClientProvider>);
    renderWith('GTM-TEST123');
    const scripts = gtmScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
  });

  it('loads nothing without GTM_ID', () => {
    renderWith(null);
    expect(gtmScripts()).toHaveLength(0);
  });

  it('loads nothing when the browser sends Do Not Track', () => {
    setSignal('doNotTrack', '1');
    renderWith('GTM-TEST123');
    expect(gtmScripts()).toHaveLength(0);
  });

  it('loads nothing under Global Privacy Control', () => {
    setSignal('globalPrivacyControl', true);
    renderWith('GTM-TEST123');
    expect(gtmScripts()).toHaveLength(0);
  });
});
