import type { TutorialState } from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** Marks the tour seen (the first close is kept) or not seen; the account cache forgets the old row. */
export async function setTutorialSeen(ctx: ServiceContext, seen: boolean): Promise<TutorialState> {
  const actor = ctx.actor;
  if (actor?.kind !== 'client') throw new AppError('WRONG_STRATEGY');
  const at = await repo.setTutorialSeen(ctx.db, actor.id, seen);
  ctx.principals.forget('client', actor.id);
  return { tutorial_seen_at: at?.toISOString() ?? null };
}
