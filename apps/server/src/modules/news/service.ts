import type { PageQuery } from '@dealflow/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context.ts';
import { paging } from '../caseItems/service.ts';
import * as repo from './repository.ts';

/** News is a feed: 20 a page unless asked otherwise (all=1 still gives every entry). */
export const NEWS_PAGE_SIZE = 20;

export async function listNews(ctx: ServiceContext, q: z.infer<typeof PageQuery>) {
  return repo.listNews(ctx.db, new Date(), paging(q, { size: NEWS_PAGE_SIZE, allByDefault: false }));
}
