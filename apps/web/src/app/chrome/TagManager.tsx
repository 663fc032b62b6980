import { useEffect } from 'react';
import { usePlatformSettings } from '../../features/platform/api/platformApi.ts';
import { loadTagManager } from './tagManager.ts';

/** Starts the tag manager when the server names a container (GTM_ID) and the browser allows tracking. */
export function TagManager() {
  const gtmId = usePlatformSettings().data?.tag_manager_id;
  useEffect(() => {
    loadTagManager(gtmId);
  }, [gtmId]);
  return null;
}
