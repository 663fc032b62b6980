import type { StartupInfo } from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findCase } from '../cases/repository.ts';
import * as repo from './repository.ts';

/**
 * What a startup sees of itself and its case (issue 14): its own user only — another user's id is
 * refused — and of the case the stage timeline and the meetings to come, nothing staff keep.
 */
export async function getStartupInfo(ctx: ServiceContext, userId: number): Promise<StartupInfo> {
  const actor = ctx.actor;
  if (actor?.kind !== 'startup') throw new AppError('FORBIDDEN');
  if (actor.id !== userId) {
    throw new AppError('FORBIDDEN', { message: 'A startup may only read its own information' });
  }
  const user = { id: actor.row.id, name: actor.row.name, email: actor.row.email, status: actor.row.status };
  const kase = actor.caseId === null ? null : await findCase(ctx.db, actor.caseId);
  if (!kase || kase.is_deleted) return { user, case: null };
  const [moves, meetings] = await Promise.all([
    repo.stageMoves(ctx.db, kase.id),
    repo.upcomingMeetings(ctx.db, kase.id, new Date()),
  ]);
  const stages = moves.flatMap((m) => {
    const to = m.action === 'stage' ? m.changes.status?.to : (m.changes.status?.to ?? 'draft');
    return typeof to === 'string' ? [{ status: to, entered_at: m.created_at.toISOString() }] : [];
  });
  if (stages.length === 0) stages.push({ status: kase.status, entered_at: kase.created_at.toISOString() });
  return {
    user,
    case: {
      id: kase.id,
      name: kase.name,
      status: kase.status,
      created_at: kase.created_at.toISOString(),
      profile: { name: kase.name, business_plan: kase.business_plan, company: kase.company },
      stages,
      meetings: meetings.map((m) => ({
        ...m,
        start_at: m.start_at.toISOString(),
        end_at: m.end_at.toISOString(),
      })),
    },
  };
}
