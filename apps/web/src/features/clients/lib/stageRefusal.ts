import { CONTACT_STAGES, type ContactStage } from '@dealflow/domain';
import { ApiError } from '../../../shared/api/index.ts';

/**
 * The contact stage of a client the server would not show because the viewer does not work it
 * (403 CLIENT_STAGE_NOT_ALLOWED with `details.process_status`, decision 0017), so the page guard
 * can decide where to send them; null for any other error.
 */
export function refusedClientStage(error: unknown): ContactStage | null {
  if (!(error instanceof ApiError) || error.code !== 'CLIENT_STAGE_NOT_ALLOWED') return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null) return null;
  const stage = (details as { process_status?: unknown }).process_status;
  return (CONTACT_STAGES as readonly unknown[]).includes(stage) ? (stage as ContactStage) : null;
}
