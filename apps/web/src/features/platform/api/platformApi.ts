import type { PlatformSettings, dataOf } from '@dealflow/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';

type PlatformData = z.infer<ReturnType<typeof dataOf<typeof PlatformSettings>>>;

export const platformKeys = {
  settings: ['platform', 'settings'] as const,
};

export async function fetchPlatformSettings(): Promise<PlatformSettings> {
  return (await api.get<PlatformData>('/static_api/v1/platform')).data;
}

/**
 * Public platform settings (the automatic domain redirect). They change only with a deploy, so one
 * fetch per page load; `enabled` lets a guard ask only when the answer matters.
 */
export function usePlatformSettings(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: platformKeys.settings,
    queryFn: fetchPlatformSettings,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: options.enabled ?? true,
  });
}
