import { CLIENT_NAME_LIMIT, type ClientNameQuery } from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import * as repo from './repository.ts';

/**
 * Client names for pickers: `ids` resolves the values a form already holds (every one found, in
 * name order); otherwise the first CLIENT_NAME_LIMIT active clients matching `q`, with the total.
 */
export async function listClientNames(ctx: ServiceContext, q: ClientNameQuery) {
  if (q.ids) {
    const rows = await repo.clientNamesByIds(ctx.db, q.ids);
    return { rows, count: rows.length };
  }
  return repo.searchClientNames(ctx.db, q.q || undefined, CLIENT_NAME_LIMIT);
}
