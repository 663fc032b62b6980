import type { InfoCreateBody, InfoUpdateBody } from '@dealflow/domain';
import { caseParent } from '../caseItems/service.ts';
import { itemService } from '../items/service.ts';
import * as repo from './repository.ts';
import type { InfoInsert, InfoRow } from './repository.ts';

function toColumns(input: InfoUpdateBody): Partial<InfoInsert> {
  const values: Partial<InfoInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.content !== undefined) values.content = input.content || null;
  return values;
}

export const infoUpdates = itemService(caseParent, {
  notFound: 'INFO_NOT_FOUND',
  action: 'info',
  list: repo.listInfo,
  find: repo.findInfo,
  insert: repo.insertInfo,
  update: repo.updateInfo,
  remove: repo.deleteInfo,
  row: (view) => view.info,
  toColumns,
  toNewRow: (input: InfoCreateBody, owner) => ({ ...toColumns(input), title: input.title, ...owner }),
  audited: (row: InfoRow) => ({ title: row.title, content: row.content }),
});

export const {
  list: listInfoUpdates,
  create: createInfoUpdate,
  update: updateInfoUpdate,
  remove: deleteInfoUpdate,
} = infoUpdates;
