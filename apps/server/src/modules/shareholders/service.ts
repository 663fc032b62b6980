import type { ShareholderHistoryCreateBody, ShareholderHistoryUpdateBody } from '@dealflow/domain';
import { caseParent } from '../caseItems/service.ts';
import { itemService } from '../items/service.ts';
import * as repo from './repository.ts';
import type { HistoryInsert, HistoryRow } from './repository.ts';

function toColumns(input: ShareholderHistoryUpdateBody): Partial<HistoryInsert> {
  const values: Partial<HistoryInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.shareholders !== undefined)
    values.shareholders = input.shareholders.map((s) => ({ name: s.name, shares: s.shares }));
  return values;
}

export const shareholderHistories = itemService(caseParent, {
  notFound: 'SHAREHOLDER_HISTORY_NOT_FOUND',
  action: 'shareholders',
  list: repo.listHistories,
  find: repo.findHistory,
  insert: repo.insertHistory,
  update: repo.updateHistory,
  remove: repo.deleteHistory,
  row: (view) => view.history,
  toColumns,
  toNewRow: (input: ShareholderHistoryCreateBody, owner) => ({
    ...toColumns(input),
    title: input.title,
    ...owner,
  }),
  audited: (row: HistoryRow) => ({ title: row.title, shareholders: row.shareholders }),
});

export const {
  list: listShareholderHistories,
  create: createShareholderHistory,
  update: updateShareholderHistory,
  remove: deleteShareholderHistory,
} = shareholderHistories;
