import type { NewsListQuery } from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { paging } from '../caseItems/service.ts';
import * as repo from './repository.ts';

/** News is a feed: 20 a page unless asked otherwise (all=1 still gives every entry). */
export const NEWS_PAGE_SIZE = 20;

/** A `case_id` of no live case gives an empty feed, as any filter matching nothing does. */
export async function listNews(ctx: ServiceContext, q: NewsListQuery) {
  return repo.listNews(
    ctx.db,
    new Date(),
    { caseId: q.case_id },
    paging(q, { size: NEWS_PAGE_SIZE, allByDefault: false }),
  );
}
